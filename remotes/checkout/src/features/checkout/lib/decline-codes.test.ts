import { describe, expect, it } from 'vitest';
import { COMPENSATED_DECLINE_CODES } from '@companion/contracts';
import { DECLINE_CODES, declineInfo, type DeclineInfo } from './decline-codes.ts';

const ISSUER = /card issuer could not process/;
const THREE_DS = /3-D Secure/;

// One row per code of 001 §8: title, message pattern, button, free tokens.
const ROWS: [code: string, title: string, message: RegExp, button: DeclineInfo['button'], tokens: number][] =
  [
    ['0.01', 'Payment declined', ISSUER, 'Try Again', 0],
    ['0.02', 'Payment declined', /time for this order is up/, 'Try Again', 0],
    ['0.03', 'Payment declined', /blocked\. Please try another card/, 'Try Again', 0],
    ['1.01', 'Payment declined', /could not identify you/, 'Try Again', 0],
    ['2.01', 'Invalid data', /card data/, 'Try Again', 0],
    ['2.02', 'Payment declined', ISSUER, 'Try Again', 0],
    ['2.03', 'Invalid currency', /currency/, 'Try Again', 0],
    ['2.05', 'Payment declined', /problem with the order/, 'Try Again', 0],
    ['2.06', 'Invalid CVV2 code', /recheck the CVV/, 'Try Again', 0],
    ['2.07', 'Payment declined', ISSUER, 'Try Again', 0],
    ['2.08', 'Invalid card number', /16-digit/, 'Try Again', 0],
    ['2.09', 'Payment declined', /expiry date/, 'Try Again', 0],
    ['2.10', 'Payment declined', /security authentication.*billing support/, 'Try Again', 0],
    ['2.11', 'Invalid 3DS flow on the bank side', THREE_DS, 'Try Again', 0],
    ['2.12', 'Invalid 3DS flow', THREE_DS, 'Try Again', 0],
    ['2.13', 'Payment declined', /IP address.*incognito/, 'Try Again', 0],
    ['2.14', 'Payment declined', /already subscribed.*sign in/, 'Try Again', 0],
    ['2.15', 'Payment declined', THREE_DS, 'Try Again', 0],
    ['2.16', 'Payment declined', /subscription is blocked/, 'Try Again', 0],
    ['3.01', 'Payment declined', /card is blocked/, 'Try Again', 0],
    ['3.02', 'Insufficient funds', /not enough money/, 'Try Again', 0],
    ['3.03', 'Payment amount limit excess', /credit limit/, 'Try Again', 0],
    ['3.04', 'Payment declined', /bank declined/, 'Try Another Card', 20],
    ['3.05', 'Call your bank', /lift the limit on online payments/, 'Try Again', 0],
    ['3.06', 'Payment declined', /lift the limit on online payments/, 'Try Again', 0],
    ['3.07', 'Payment declined', /card brand is not supported/, 'Try Again', 0],
    [
      '3.08',
      'Your bank declined the payment. Please use a card from a different bank',
      /bank declined/,
      'Try Another Card',
      20,
    ],
    ['3.09', '3D-Secure authentication required', THREE_DS, 'Try Again', 0],
    [
      '3.10',
      'Your bank declined the payment. Please use a card from a different bank',
      /bank declined/,
      'Try Another Card',
      0,
    ],
    ['3.11', 'Payment declined', /next subscription payment/, 'Try Again', 0],
    ['3.12', 'Payment declined', /blocked by the card holder/, 'Try Again', 0],
    ['5.01', '3D secure verification failed', THREE_DS, 'Try Again', 0],
    ['5.06', 'Payment declined', /already subscribed/, 'Try Again', 0],
    ['5.12', 'Payment declined', /blocked by the payment processor/, 'Try Again', 0],
    ['6.03', 'Payment declined', /technical issue/, 'Try Again', 0],
    ['7.07', 'Payment declined', /first transaction id is missing/, 'Try Again', 0],
    [
      'SuttonBank',
      'Declined your payment, use different bank card',
      /SUTTON BANK and CASHAPP BANK/,
      'Try with another card',
      20,
    ],
    [
      'Special_5.08',
      "It seems this card didn't go through",
      /^No worries, just try another card!$/,
      'Try with another card',
      0,
    ],
    [
      'Special_3.07',
      'Payment declined',
      /^Something went wrong\. Please try again or use another card\.$/,
      'Try Again',
      0,
    ],
    // The API's refusals at fulfilment (a plan not longer than the one held, an offer already used): refunded.
    [
      'already_subscribed',
      'Payment refunded',
      /this plan or a longer one.*returned to your card/,
      'Try Again',
      0,
    ],
    ['offer_used', 'Payment refunded', /offer was already used.*returned to your card/, 'Try Again', 0],
  ];

describe('decline codes (001 §8)', () => {
  it.each(ROWS)('%s → %s', (code, title, message, button, tokens) => {
    const info = declineInfo(code);
    expect(info.title).toBe(title);
    expect(info.message).toMatch(message);
    expect(info.button).toBe(button);
    expect(info.freeTokens).toBe(tokens);
  });

  it('should promise tokens for exactly the codes the API compensates', () => {
    const promising = Object.keys(DECLINE_CODES).filter((code) => declineInfo(code).freeTokens > 0);
    expect(promising.sort()).toEqual([...COMPENSATED_DECLINE_CODES].sort());
  });

  it('has a test row for every code in the table', () => {
    expect(Object.keys(DECLINE_CODES).sort()).toEqual(ROWS.map(([code]) => code).sort());
  });

  it.each(['4.02', '5.02', '5.11', '6.01', '7.03'])(
    'gives the issuer message to the family code %s',
    (code) => {
      expect(declineInfo(code)).toEqual({
        title: 'Payment declined',
        message: expect.stringMatching(ISSUER),
        button: 'Try Again',
        freeTokens: 0,
      });
    },
  );

  it.each([null, undefined, '', '9.99', 'toString'])(
    "titles an unknown code (%s) 'Payment declined'",
    (code) => {
      expect(declineInfo(code).title).toBe('Payment declined');
      expect(declineInfo(code).button).toBe('Try Again');
    },
  );
});
