// The sandbox form's wallet buttons (001 §4: method kinds applebtn and googlebtn, wallet themes): which ones the
// page asked for, carried from frame to frame in the query, and the card a sandbox wallet pays with.

import { WALLET_KINDS, WALLET_THEMES, type WalletButton, type WalletKind } from './form-pages.ts';
import { TEST_CARDS } from './test-cards.ts';

/** A wallet the form does not offer: the platform's error naming the field. */
export const WALLET_ERROR = {
  code: 'validation_failed',
  message: 'wallet is not a payment method of this form.',
  field: 'wallet',
} as const;

/** `googlebtn:colored,applebtn:monochrome-dark` → the wallet buttons; unknown kinds and themes are dropped. */
export function walletsOf(query: string | undefined): WalletButton[] {
  const seen = new Set<WalletKind>();
  const result: WalletButton[] = [];
  for (const part of (query ?? '').split(',').slice(0, WALLET_KINDS.length)) {
    const [kind, theme] = part.split(':');
    if (!(WALLET_KINDS as readonly string[]).includes(kind ?? '') || seen.has(kind as WalletKind)) continue;
    seen.add(kind as WalletKind);
    result.push({
      kind: kind as WalletKind,
      theme: (WALLET_THEMES as readonly string[]).includes(theme ?? '')
        ? (theme as WalletButton['theme'])
        : 'colored',
    });
  }
  return result;
}

/** The query form of {@link walletsOf}. */
export function walletsQuery(wallets: readonly WalletButton[]): string {
  return wallets.map(({ kind, theme }) => `${kind}:${theme}`).join(',');
}

/**
 * The card behind a sandbox wallet: the table's plain success card (a wallet has already authenticated the buyer,
 * so no 3-D Secure), valid for three more years.
 */
export function walletCard(now: Date): {
  number: string;
  expiry: { month: number; year: number };
  email: null;
} {
  const success = TEST_CARDS.find((card) => card.outcome === 'success' && !card.threeDS)!;
  return { number: success.number, expiry: { month: 12, year: now.getUTCFullYear() + 3 }, email: null };
}
