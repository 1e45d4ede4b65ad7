import { afterEach, describe, expect, it } from 'vitest';
import {
  parseSavedPayment,
  SAVED_PAYMENT_MAX_AGE_MS,
  savedPayment,
  type SavedPayment,
} from './saved-payment.ts';

const slice: SavedPayment = {
  savedProduct: { id: 'sub-12m', name: 'Year', price: 11999, isTokens: false },
  paymentIntentTimestamp: 1_000_000,
  paymentIntentOrderId: 'o1',
  transactionId: null,
};

describe('the persisted payment slice (000 §3, 001 §3 "Saved payment")', () => {
  afterEach(() => window.localStorage.clear());

  it('should keep the slice under persist:payment across a reload and clear it', () => {
    savedPayment.write(slice);
    expect(JSON.parse(window.localStorage.getItem('persist:payment')!)).toEqual(slice);
    expect(savedPayment.read(slice.paymentIntentTimestamp + 1000)).toEqual(slice);
    savedPayment.clear();
    expect(window.localStorage.getItem('persist:payment')).toBeNull();
    expect(savedPayment.read()).toBeNull();
  });

  it('should forget a slice older than 24 h', () => {
    savedPayment.write(slice);
    expect(savedPayment.read(slice.paymentIntentTimestamp + SAVED_PAYMENT_MAX_AGE_MS)).toEqual(slice);
    expect(savedPayment.read(slice.paymentIntentTimestamp + SAVED_PAYMENT_MAX_AGE_MS + 1)).toBeNull();
  });

  it('should read anything malformed as nothing', () => {
    expect(parseSavedPayment(null)).toBeNull();
    expect(
      parseSavedPayment({ ...slice, savedProduct: { ...slice.savedProduct, price: '11999' } }),
    ).toBeNull();
    expect(parseSavedPayment({ ...slice, paymentIntentOrderId: 7 })).toBeNull();
    expect(parseSavedPayment({ ...slice, transactionId: 3 })).toBeNull();
    expect(parseSavedPayment({ ...slice, transactionId: 't1', extra: 1 })).toEqual({
      ...slice,
      transactionId: 't1',
    });
  });
});
