// What the tracking chunk needs to know whether the attribution record has anything to send (ADR 0275); the
// record itself (`attribution-record.ts`) loads only then.

import { PERSIST_KEYS } from '../session/auth-store.ts';

/** The last attribution captured (000 §4; written by the shell's routing), and the capture already sent. */
export const ATTRIBUTION_DETAILS_KEY = PERSIST_KEYS.attributionDetails;
export const ATTRIBUTION_SENT_KEY = PERSIST_KEYS.attributionSent;

/** A capture not yet sent to the API: its time, or null. */
export function pendingCapture(storage: Pick<Storage, 'getItem'>): string | null {
  try {
    const details = JSON.parse(storage.getItem(ATTRIBUTION_DETAILS_KEY) ?? 'null') as {
      capturedAt?: unknown;
    } | null;
    const at = typeof details?.capturedAt === 'string' ? details.capturedAt : null;
    return at && at !== storage.getItem(ATTRIBUTION_SENT_KEY) ? at : null;
  } catch {
    return null;
  }
}
