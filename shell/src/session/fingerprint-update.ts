import { SENT_FINGERPRINT_KEY, rememberSentFingerprint } from './fingerprint-sync.ts';
import type { SessionCore } from './session-core.ts';

/**
 * `PUT Fingerprint` when the device's fingerprint changed (000 §7; ADR 0323): a browser update, new fonts or a new
 * screen change the hash, and the API's copy (the pre-register's, or a sign-in's) goes stale. Once the user is known,
 * the shell compares the fingerprint it computes now with the one it last gave the API for this user and sends the
 * new one on a difference (or when this device never recorded one for them, e.g. after a magic-link sign-in).
 * Then the user is fetched again (000 §7 "user cache invalidated"). A failure goes to the console only (000 §8).
 */
export async function syncFingerprint(core: SessionCore, userId: string, storage: Storage): Promise<void> {
  const fingerprint = await core.fingerprint.get();
  // A failed collection yields '' (000 §5): nothing true to tell the API.
  if (!fingerprint || storage.getItem(SENT_FINGERPRINT_KEY) === `${userId}:${fingerprint}`) return;
  try {
    await core.transport.request('Fingerprint', { method: 'PUT', body: { fingerprint } });
  } catch (error) {
    console.error('[session] fingerprint update failed', error);
    return;
  }
  rememberSentFingerprint(storage, userId, fingerprint);
  await core.onUserInvalidated();
}
