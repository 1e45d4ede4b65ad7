import { persistStore } from '@companion/remote-kit';

/** The product a payment was started for, as the result screens and a retry need it. */
export interface SavedProduct {
  id: string;
  name: string;
  /** Cents. */
  price: number;
  isTokens: boolean;
}

/**
 * The persisted payment slice (000 §3 "payment (saved product, intent timestamp)", 001 §3 "Saved payment"): written
 * before the browser leaves for the provider, read when it comes back, cleared after the purchase (001 §4).
 */
export interface SavedPayment {
  savedProduct: SavedProduct;
  /** Epoch ms of the checkout start. */
  paymentIntentTimestamp: number;
  paymentIntentOrderId: string;
  transactionId: string | null;
}

/** A saved payment older than this is a forgotten attempt, not one to resume (the provider's page lives 24 h). */
export const SAVED_PAYMENT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Validates what storage holds; anything malformed reads as nothing. */
export function parseSavedPayment(raw: unknown): SavedPayment | null {
  if (!isRecord(raw) || !isRecord(raw.savedProduct)) return null;
  const product = raw.savedProduct;
  if (
    typeof product.id !== 'string' ||
    typeof product.name !== 'string' ||
    typeof product.price !== 'number' ||
    typeof product.isTokens !== 'boolean' ||
    typeof raw.paymentIntentTimestamp !== 'number' ||
    typeof raw.paymentIntentOrderId !== 'string' ||
    (raw.transactionId !== null && typeof raw.transactionId !== 'string')
  )
    return null;
  return {
    savedProduct: { id: product.id, name: product.name, price: product.price, isTokens: product.isTokens },
    paymentIntentTimestamp: raw.paymentIntentTimestamp,
    paymentIntentOrderId: raw.paymentIntentOrderId,
    transactionId: raw.transactionId,
  };
}

const store = persistStore('persist:payment', parseSavedPayment);

/** The payment slice, kept across the provider round trip. */
export const savedPayment = {
  write: (value: SavedPayment) => store.write(value),
  /** The slice unless it is older than {@link SAVED_PAYMENT_MAX_AGE_MS}. */
  read(now = Date.now()): SavedPayment | null {
    const value = store.read();
    return value && now - value.paymentIntentTimestamp <= SAVED_PAYMENT_MAX_AGE_MS ? value : null;
  },
  clear: () => store.clear(),
};
