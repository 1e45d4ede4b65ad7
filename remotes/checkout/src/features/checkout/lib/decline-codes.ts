import { DECLINE_COMPENSATION_TOKENS } from '@companion/contracts';

/** The failure screen's button labels (001 §8). */
export type DeclineButton = 'Try Again' | 'Try with another card' | 'Try Another Card';

/** What the failure screen shows for one decline code. */
export interface DeclineInfo {
  title: string;
  message: string;
  button: DeclineButton;
  /** Tokens offered for the inconvenience (001 §9 decline compensation: 20), or 0. */
  freeTokens: number;
}

/** Title for an unknown code (001 §8). */
export const UNKNOWN_DECLINE_TITLE = 'Payment declined';
/** The generic description under every failure (001 §8: the account was not debited). */
const NOT_DEBITED = 'Your account has not been debited.';
/** 001 §2 "The description is a generic default": the failure screen's description for every code. */
export const FAIL_DESCRIPTION = `We could not complete your payment. ${NOT_DEBITED}`;
/** The 3.04 / 3.08 compensation line (001 §8), and its longer note. */
export const COMPENSATION_TEXT = 'For such inconvenience we offer you 20 additional tokens';
export const COMPENSATION_NOTE = 'The tokens are added to your balance upon successful payment.';
/** The success screen's line when a payment brought the promised tokens. */
export const COMPENSATION_CREDITED =
  'The additional tokens we promised for your declined payment are on your balance.';

const ISSUER =
  'Your card issuer could not process this payment. Please try again, use another card, or contact your card issuer or our billing support.';
const THREE_DS =
  'There was a problem with 3-D Secure verification. Please ask your card issuer to enable 3-D Secure or use another card.';
const BANK = 'Your bank declined the payment. Please use another card or contact your card issuer.';
const ONLINE_LIMIT = 'Please ask your card issuer to lift the limit on online payments.';
const ALREADY_SUBSCRIBED = 'You are already subscribed. Please sign in to your account.';

type Row = readonly [title: string, message: string, button?: DeclineButton, freeTokens?: number];

/** One typed table: decline code → title, message, button, free tokens (001 §8). */
export const DECLINE_CODES = {
  '0.01': [UNKNOWN_DECLINE_TITLE, ISSUER],
  '0.02': [UNKNOWN_DECLINE_TITLE, 'The time for this order is up. Please make the payment again.'],
  '0.03': [UNKNOWN_DECLINE_TITLE, 'This transaction was blocked. Please try another card.'],
  '1.01': [UNKNOWN_DECLINE_TITLE, 'Your card issuer could not identify you. Please try again.'],
  '2.01': ['Invalid data', 'There is an issue with the card data. Please check it and try again.'],
  '2.02': [UNKNOWN_DECLINE_TITLE, ISSUER],
  '2.03': ['Invalid currency', 'The currency of this payment is not supported by your card.'],
  '2.05': [UNKNOWN_DECLINE_TITLE, 'There was a problem with the order. Please try again.'],
  '2.06': ['Invalid CVV2 code', 'Please recheck the CVV code on the back of your card.'],
  '2.07': [UNKNOWN_DECLINE_TITLE, ISSUER],
  '2.08': ['Invalid card number', 'Please retype the 16-digit card number.'],
  '2.09': [UNKNOWN_DECLINE_TITLE, 'Please check the expiry date of your card.'],
  '2.10': [
    UNKNOWN_DECLINE_TITLE,
    'There was a security authentication issue. Please contact our billing support.',
  ],
  '2.11': ['Invalid 3DS flow on the bank side', THREE_DS],
  '2.12': ['Invalid 3DS flow', THREE_DS],
  '2.13': [
    UNKNOWN_DECLINE_TITLE,
    'The IP address check failed. Please change your browser or leave incognito mode.',
  ],
  '2.14': [UNKNOWN_DECLINE_TITLE, ALREADY_SUBSCRIBED],
  '2.15': [UNKNOWN_DECLINE_TITLE, THREE_DS],
  '2.16': [UNKNOWN_DECLINE_TITLE, 'This subscription is blocked. Please contact our support.'],
  '3.01': [UNKNOWN_DECLINE_TITLE, 'Your card is blocked. Please use another card.'],
  '3.02': [
    'Insufficient funds',
    'There is not enough money on your card. Please top it up or use another card.',
  ],
  '3.03': ['Payment amount limit excess', 'This payment exceeds your credit limit. Please use another card.'],
  '3.04': [UNKNOWN_DECLINE_TITLE, BANK, 'Try Another Card', DECLINE_COMPENSATION_TOKENS],
  '3.05': ['Call your bank', ONLINE_LIMIT],
  '3.06': [UNKNOWN_DECLINE_TITLE, ONLINE_LIMIT],
  '3.07': [UNKNOWN_DECLINE_TITLE, 'This card brand is not supported. Please use another card.'],
  '3.08': [
    'Your bank declined the payment. Please use a card from a different bank',
    BANK,
    'Try Another Card',
    DECLINE_COMPENSATION_TOKENS,
  ],
  '3.09': ['3D-Secure authentication required', THREE_DS],
  '3.10': [
    'Your bank declined the payment. Please use a card from a different bank',
    BANK,
    'Try Another Card',
  ],
  '3.11': [UNKNOWN_DECLINE_TITLE, 'The next subscription payment with this card is not allowed.'],
  '3.12': [UNKNOWN_DECLINE_TITLE, 'Transactions were blocked by the card holder.'],
  '5.01': ['3D secure verification failed', THREE_DS],
  '5.06': [UNKNOWN_DECLINE_TITLE, ALREADY_SUBSCRIBED],
  '5.12': [UNKNOWN_DECLINE_TITLE, 'Your account is blocked by the payment processor.'],
  '6.03': [UNKNOWN_DECLINE_TITLE, 'A technical issue occurred at the payment provider. Please try again.'],
  '7.07': [
    UNKNOWN_DECLINE_TITLE,
    'Strong customer authentication failed because the first transaction id is missing.',
  ],
  SuttonBank: [
    'Declined your payment, use different bank card',
    'Payments from SUTTON BANK and CASHAPP BANK are not accepted. Please use a card from another bank.',
    'Try with another card',
    DECLINE_COMPENSATION_TOKENS,
  ],
  'Special_5.08': [
    "It seems this card didn't go through",
    'No worries, just try another card!',
    'Try with another card',
  ],
  'Special_3.07': ['Payment declined', 'Something went wrong. Please try again or use another card.'],
  // The API's own refusals of a payment that arrived after its rule stopped allowing it: the charge is returned.
  already_subscribed: [
    'Payment refunded',
    'You already have this plan or a longer one, so this payment was returned to your card.',
  ],
  offer_used: [
    'Payment refunded',
    'This offer was already used on your account, so this payment was returned to your card.',
  ],
} as const satisfies Record<string, Row>;

/** A code the table names. */
export type KnownDeclineCode = keyof typeof DECLINE_CODES;

/** Codes whose message is the issuer one by family (001 §8: 4.x, 5.02 to 5.11, 6.x, 7.x). */
function familyMessage(code: string): string | null {
  if (/^[467]\.\d+$/.test(code)) return ISSUER;
  const five = /^5\.(\d+)$/.exec(code);
  if (five && Number(five[1]) >= 2 && Number(five[1]) <= 11) return ISSUER;
  return null;
}

/** The failure screen for a decline code; unknown or missing codes get 'Payment declined' and the issuer text. */
export function declineInfo(code: string | null | undefined): DeclineInfo {
  const row: Row | undefined =
    code && Object.hasOwn(DECLINE_CODES, code) ? DECLINE_CODES[code as KnownDeclineCode] : undefined;
  if (row) {
    const [title, message, button = 'Try Again', freeTokens = 0] = row;
    return { title, message, button, freeTokens };
  }
  return {
    title: UNKNOWN_DECLINE_TITLE,
    message: (code && familyMessage(code)) ?? ISSUER,
    button: 'Try Again',
    freeTokens: 0,
  };
}
