import { Glyph } from '../icon/glyph.tsx';
import { TOKENS_GLYPH } from '../icon/glyphs.tsx';
import { VisuallyHidden } from '../visually-hidden/visually-hidden.tsx';
import * as styles from './price.css.ts';

/** Cents as dollars with two decimals (001 §3: product prices are in cents): 1999 → `$19.99`. */
export function formatPrice(cents: number): string {
  return `$${(Math.round(cents) / 100).toFixed(2)}`;
}

/** A price from cents; `previousCents` shows the crossed-out price before it. */
export function Price({
  cents,
  previousCents,
  className,
}: {
  cents: number;
  previousCents?: number | null;
  className?: string;
}) {
  return (
    <span className={className}>
      {previousCents != null && previousCents > cents ? (
        <s className={styles.previous}>{formatPrice(previousCents)}</s>
      ) : null}
      <span>{formatPrice(cents)}</span>
    </span>
  );
}

/** The token cost on a paid button: a coin icon and the amount, read out as "N tokens". */
export function TokenCost({ amount, className }: { amount: number; className?: string }) {
  return (
    // The spoken text is its own (an aria-label on a plain span is not allowed and is dropped by some readers).
    <span className={[styles.tokenCost, className].filter(Boolean).join(' ')}>
      <Glyph glyph={TOKENS_GLYPH} size={16} />
      <span aria-hidden="true">{amount}</span>
      <VisuallyHidden>{`${amount} tokens`}</VisuallyHidden>
    </span>
  );
}
