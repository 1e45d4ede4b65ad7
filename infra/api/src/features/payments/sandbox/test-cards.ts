/** Decline codes of 001 §8 (titled ones) the sandbox can produce from a test card. */
export const DECLINE_CODES = [
  '2.01',
  '2.03',
  '2.06',
  '2.08',
  '2.11',
  '2.12',
  '3.02',
  '3.03',
  '3.04',
  '3.05',
  '3.08',
  '3.09',
  '3.10',
  '5.01',
  'SuttonBank',
  'Special_5.08',
  'Special_3.07',
] as const;

/** One row of the published test-card table (`GET /api/sandbox/test-cards`, README). */
export interface TestCard {
  number: string;
  outcome: 'success' | (typeof DECLINE_CODES)[number];
  threeDS: boolean;
  /**
   * A slow bank: the hosted page sends the buyer back at once while the order stays `processing`, and it settles
   * with `outcome` this many seconds later (webhook and status alike), past the client's 20 s polling cut-off.
   */
  settlesAfterSeconds?: number;
}

/**
 * The sandbox's own table (docs/research/payments.md §6): every number is Luhn-valid; any other Luhn-valid
 * number succeeds without 3-D Secure, a Luhn-invalid one declines with 2.08. 3-D Secure cards ask for an OTP
 * first: 1234 passes (then the card's outcome applies), 3333 gives 2.11, anything else 5.01.
 */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4067429974719265', outcome: 'success', threeDS: false },
  { number: '4532456618142692', outcome: 'success', threeDS: false },
  { number: '4000002760003184', outcome: 'success', threeDS: true },
  { number: '4000002760000008', outcome: 'success', threeDS: true },
  { number: '4000000000002016', outcome: '2.01', threeDS: false },
  { number: '4000000000002032', outcome: '2.03', threeDS: false },
  { number: '4000000000002065', outcome: '2.06', threeDS: false },
  { number: '4000000000002081', outcome: '2.08', threeDS: false },
  { number: '4000002760002111', outcome: '2.11', threeDS: true },
  { number: '4000002760002129', outcome: '2.12', threeDS: true },
  { number: '4000000000003022', outcome: '3.02', threeDS: false },
  { number: '4000000000003030', outcome: '3.03', threeDS: false },
  { number: '4000000000003048', outcome: '3.04', threeDS: false },
  { number: '4000000000003055', outcome: '3.05', threeDS: false },
  { number: '4000000000003089', outcome: '3.08', threeDS: false },
  { number: '4000000000003097', outcome: '3.09', threeDS: false },
  { number: '4000000000003105', outcome: '3.10', threeDS: false },
  { number: '4000002760005015', outcome: '5.01', threeDS: true },
  { number: '4000000000009003', outcome: 'SuttonBank', threeDS: false },
  { number: '4000000000005084', outcome: 'Special_5.08', threeDS: false },
  { number: '4000000000003071', outcome: 'Special_3.07', threeDS: false },
  { number: '4000000000002503', outcome: 'success', threeDS: false, settlesAfterSeconds: 40 },
];

/** Luhn check of a digits-only string. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** What a card number does in the sandbox. */
export function cardBehaviour(number: string): TestCard {
  const known = TEST_CARDS.find((card) => card.number === number);
  if (known) return known;
  if (!luhnValid(number)) return { number, outcome: '2.08', threeDS: false };
  return { number, outcome: 'success', threeDS: false };
}

/** Brand from the leading digits (display only). */
export function cardBrand(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'card';
}
