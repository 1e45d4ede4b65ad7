import { useEffect } from 'react';
import type { Transport } from '@companion/contracts';
import { useRemoteLocation, useTransport } from '@companion/remote-kit';

/** Whether a query string carries PropellerAds ids (000 §2.3's tracking whitelist keeps them across navigation). */
export function hasPropellerIds(search: string): boolean {
  const params = new URLSearchParams(search);
  return Boolean(params.get('propeller_click_id') || params.get('propeller_zone_id'));
}

/**
 * `POST Event/send-pre-paywall-propeller-event` (000 §7): a PropellerAds visit is about to see a paywall. The API
 * records the account's fingerprint (a remote does not hold it, ADR 0430). Failures are only logged.
 */
export async function sendPrePaywallPropellerEvent(t: Transport): Promise<void> {
  await t
    .request('Event/send-pre-paywall-propeller-event', { method: 'POST', body: {} })
    .catch((error: unknown) => console.warn('[checkout] propeller pre-paywall event failed', error));
}

/**
 * 000 §7: a PropellerAds visit tells the API a paywall is opening, once per paywall shown: the paywall modal (plans,
 * packs, offers) and the paywall pages `/pricing` and `/tokens` alike.
 */
export function usePrePaywallPropeller(): void {
  const { search } = useRemoteLocation();
  const transport = useTransport();
  const propeller = hasPropellerIds(search);
  useEffect(() => {
    if (propeller) void sendPrePaywallPropellerEvent(transport);
  }, [propeller, transport]);
}
