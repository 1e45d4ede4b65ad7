import { cx } from '../cx.ts';
import { VisuallyHidden } from '../visually-hidden/visually-hidden.tsx';
import * as styles from './spinner.css.ts';

/** Props of {@link Spinner}. */
export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Announced text; pass `null` when the surrounding control already says it is busy. */
  label?: string | null;
  className?: string;
}

/** A spinning ring in the current text colour; a polite status unless `label` is null. */
export function Spinner({ size = 'md', label = 'Loading', className }: SpinnerProps) {
  const ring = <span className={cx(styles.spinner, styles.size[size], className)} aria-hidden="true" />;
  if (label === null) return ring;
  return (
    <span role="status">
      {ring}
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}
