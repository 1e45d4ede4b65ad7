// The embedded payment form's merchant data (001 §4 "Payment form events"; docs/research/payments.md §1.3): the
// order terms as Solidgate's `paymentIntent`, AES-256-CBC encrypted with the first 32 bytes of the secret key (IV
// first, base64url), and signed like an API body, so the browser carries the terms but can neither read nor change
// them.

import crypto from 'node:crypto';
import { safeEqual, solidgateSignature } from './signatures.ts';
import type { WebhookKeys } from './signatures.ts';

/** What the form SDK's `init({ merchantData })` takes. */
export interface FormMerchantData {
  merchant: string;
  signature: string;
  paymentIntent: string;
}

/** The order terms inside a `paymentIntent` (Solidgate's field names). */
export interface PaymentIntentTerms {
  order_id: string;
  amount: number;
  currency: string;
  order_description: string;
}

/** The embedded form a start answer offers: the provider's SDK script and the merchant data for its `init`. */
export interface PaymentForm {
  scriptUrl: string;
  merchantData: FormMerchantData;
}

const cipherKey = (keys: WebhookKeys) => Buffer.from(keys.secretKey.slice(0, 32), 'utf8');

/** Seals `terms` for the form (Solidgate `formMerchantData`). */
export function formMerchantData(keys: WebhookKeys, terms: PaymentIntentTerms): FormMerchantData {
  const iv = crypto.randomBytes(16);
  const cipher = crypto.createCipheriv('aes-256-cbc', cipherKey(keys), iv);
  const sealed = Buffer.concat([iv, cipher.update(JSON.stringify(terms), 'utf8'), cipher.final()]);
  const paymentIntent = sealed.toString('base64url');
  return { merchant: keys.publicKey, signature: solidgateSignature(keys, paymentIntent), paymentIntent };
}

/** The provider's side: checks merchant and signature, then opens the intent; null when any of it is wrong. */
export function openMerchantData(keys: WebhookKeys, data: FormMerchantData): PaymentIntentTerms | null {
  if (!safeEqual(data.merchant, keys.publicKey)) return null;
  if (!safeEqual(data.signature, solidgateSignature(keys, data.paymentIntent))) return null;
  try {
    const sealed = Buffer.from(data.paymentIntent, 'base64url');
    if (sealed.length < 32) return null;
    const decipher = crypto.createDecipheriv('aes-256-cbc', cipherKey(keys), sealed.subarray(0, 16));
    const text = Buffer.concat([decipher.update(sealed.subarray(16)), decipher.final()]).toString('utf8');
    const terms = JSON.parse(text) as Partial<PaymentIntentTerms>;
    if (typeof terms.order_id !== 'string' || typeof terms.amount !== 'number') return null;
    return terms as PaymentIntentTerms;
  } catch {
    return null;
  }
}
