import crypto from 'node:crypto';

/** Which provider's wire format a webhook or order uses. */
export type Envelope = 'solidgate' | 'yuno' | 'paypal';

/** A webhook key pair: Solidgate's `wh_pk_`/`wh_sk_`; Yuno and PayPal use only the secret. */
export interface WebhookKeys {
  publicKey: string;
  secretKey: string;
}

/**
 * Solidgate: base64 of the hex HMAC-SHA512 of `publicKey + body + publicKey`
 * (docs/research/payments.md §1.4).
 */
export function solidgateSignature(keys: WebhookKeys, body: Buffer | string): string {
  const hex = crypto
    .createHmac('sha512', keys.secretKey)
    .update(keys.publicKey)
    .update(body)
    .update(keys.publicKey)
    .digest('hex');
  return Buffer.from(hex, 'utf8').toString('base64');
}

/** Yuno: base64 HMAC-SHA256 of the raw body (`x-hmac-signature`). */
export function yunoSignature(keys: WebhookKeys, body: Buffer | string): string {
  return crypto.createHmac('sha256', keys.secretKey).update(body).digest('base64');
}

/**
 * PayPal signs with RSA over `transmissionId|time|webhookId|crc32(body)`; the sandbox keeps that message shape
 * (sha256 of the body instead of crc32) but signs it with HMAC-SHA256, so no certificate is needed offline.
 */
export function paypalSignature(
  keys: WebhookKeys,
  transmissionId: string,
  time: string,
  body: Buffer | string,
): string {
  const digest = crypto.createHash('sha256').update(body).digest('hex');
  return crypto
    .createHmac('sha256', keys.secretKey)
    .update(`${transmissionId}|${time}|${keys.publicKey}|${digest}`)
    .digest('base64');
}

/** Headers a webhook of this envelope carries. */
export function signWebhook(
  envelope: Envelope,
  keys: WebhookKeys,
  body: string,
  eventId: string,
  time: Date,
): Record<string, string> {
  if (envelope === 'solidgate')
    return {
      merchant: keys.publicKey,
      signature: solidgateSignature(keys, body),
      'solidgate-event-id': eventId,
    };
  if (envelope === 'yuno') return { 'x-hmac-signature': yunoSignature(keys, body) };
  const stamp = time.toISOString();
  return {
    'paypal-transmission-id': eventId,
    'paypal-transmission-time': stamp,
    'paypal-transmission-sig': paypalSignature(keys, eventId, stamp, body),
    'paypal-auth-algo': 'HMACSHA256-sandbox',
  };
}

/** Constant-time comparison of two strings of any length (a length mismatch is simply false). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) return false;
  return crypto.timingSafeEqual(left, right);
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

/** Verifies a webhook's signature over the exact bytes received. */
export function verifyWebhook(
  envelope: Envelope,
  keys: WebhookKeys,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): boolean {
  if (envelope === 'solidgate') {
    const merchantOk = safeEqual(header(headers, 'merchant'), keys.publicKey);
    const signatureOk = safeEqual(header(headers, 'signature'), solidgateSignature(keys, rawBody));
    return merchantOk && signatureOk;
  }
  if (envelope === 'yuno')
    return safeEqual(header(headers, 'x-hmac-signature'), yunoSignature(keys, rawBody));
  const id = header(headers, 'paypal-transmission-id');
  const time = header(headers, 'paypal-transmission-time');
  return safeEqual(header(headers, 'paypal-transmission-sig'), paypalSignature(keys, id, time, rawBody));
}
