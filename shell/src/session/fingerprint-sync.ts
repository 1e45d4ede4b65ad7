/** Where this device remembers which fingerprint it last gave the API, and for which user: `<userId>:<hash>`. */
export const SENT_FINGERPRINT_KEY = 'companion:fingerprint-sent';

/** Records that the API holds `fingerprint` for `userId` (after pre-register, a sign-in's `POST`, or a `PUT`). */
export function rememberSentFingerprint(storage: Storage, userId: string, fingerprint: string): void {
  try {
    if (fingerprint) storage.setItem(SENT_FINGERPRINT_KEY, `${userId}:${fingerprint}`);
  } catch {
    // Storage full or blocked: the next start sends the update again, which is harmless.
  }
}
