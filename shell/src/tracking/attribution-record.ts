import type { SessionState, ShellBus, Transport } from '@companion/contracts';
import { PERSIST_KEYS } from '../session/auth-store.ts';
import { ATTRIBUTION_DETAILS_KEY, ATTRIBUTION_SENT_KEY, pendingCapture } from './attribution-state.ts';

const ANALYTICS_KEY = PERSIST_KEYS.analytics;

interface Details {
  utmSource?: string;
  clickIdParam?: string | null;
  clickId?: string | null;
  referrer?: string | null;
  capturedAt: string;
}

/** The attribution record of 001 §3 from the stored capture and the tracking parameters kept with it. */
export function attributionRecord(
  storage: Pick<Storage, 'getItem'>,
  page: { url: string; fingerprint: string },
): Record<string, unknown> | null {
  let details: Details;
  let params: Record<string, string>;
  try {
    details = JSON.parse(storage.getItem(ATTRIBUTION_DETAILS_KEY) ?? 'null') as Details;
    params = (JSON.parse(storage.getItem(ANALYTICS_KEY) ?? 'null') as Record<string, string> | null) ?? {};
  } catch {
    return null;
  }
  if (!details?.capturedAt) return null;
  const clickIds: Record<string, string> = {};
  for (const name of [
    'fbclid',
    'ttclid',
    'gclid',
    'ScCid',
    'twclid',
    'clickid',
    'click_id',
    'aff_click_id',
  ]) {
    const value = params[name];
    if (typeof value === 'string' && value) clickIds[name] = value.slice(0, 500);
  }
  if (details.clickIdParam && details.clickId) clickIds[details.clickIdParam] = details.clickId;
  const utm = (name: string) => (typeof params[name] === 'string' ? params[name].slice(0, 200) : null);
  return {
    Fingerprint: page.fingerprint || null,
    Metadata: { capturedAt: details.capturedAt, preLandDomain: params['preLandDomain'] ?? null },
    Url: page.url.slice(0, 2048),
    UtmSource: (details.utmSource ?? utm('utm_source'))?.slice(0, 200) ?? null,
    UtmMedium: utm('utm_medium'),
    UtmCampaign: utm('utm_campaign'),
    UtmTerm: utm('utm_term'),
    UtmContent: utm('utm_content'),
    UtmId: utm('utm_id'),
    Referer: details.referrer?.slice(0, 2048) ?? null,
    ClickIds: clickIds,
  };
}

/**
 * Stores the attribution with the user (001 §3 attribution record) once per capture, when the session has a
 * user: `POST Event/set-attribution`. A failure is a warning; the next page load tries again.
 */
export function sendAttribution(deps: {
  bus: ShellBus;
  transport: Transport;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  url: string;
  fingerprint: () => Promise<string>;
}): () => void {
  const capture = pendingCapture(deps.storage);
  if (!capture) return () => {};
  let sent = false;
  const subscription = deps.bus.subscribe('session:changed', (session: SessionState) => {
    if (sent || !session.userId) return;
    sent = true;
    void (async () => {
      const record = attributionRecord(deps.storage, {
        url: deps.url,
        fingerprint: await deps.fingerprint(),
      });
      if (!record) return;
      await deps.transport.request('Event/set-attribution', { method: 'POST', body: record });
      deps.storage.setItem(ATTRIBUTION_SENT_KEY, capture);
    })().catch((error: unknown) => console.warn('[tracking] attribution not stored', error));
  });
  return () => subscription.unsubscribe();
}
