import { describe, expect, it, vi } from 'vitest';
import type { Transport } from '@companion/contracts';
import { createAppBus } from '@companion/event-bus';
import { attributionRecord, sendAttribution } from './attribution-record.ts';
import { pendingCapture } from './attribution-state.ts';

function storage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

const CAPTURE = {
  'persist:attribution-details': JSON.stringify({
    utmSource: 'facebook',
    clickIdParam: 'fbclid',
    clickId: 'F1',
    referrer: 'https://m.facebook.com/',
    capturedAt: '2026-11-24T03:00:00.000Z',
  }),
  'persist:analytics': JSON.stringify({ fbclid: 'F1', utm_campaign: 'spring', ttclid: 'T1' }),
};

describe('attribution record (001 §3)', () => {
  it('should build the record from the stored capture and tracking parameters', () => {
    expect(
      attributionRecord(storage(CAPTURE), { url: 'https://x.test/quiz-fb?fbclid=F1', fingerprint: 'fp' }),
    ).toEqual({
      Fingerprint: 'fp',
      Metadata: { capturedAt: '2026-11-24T03:00:00.000Z', preLandDomain: null },
      Url: 'https://x.test/quiz-fb?fbclid=F1',
      UtmSource: 'facebook',
      UtmMedium: null,
      UtmCampaign: 'spring',
      UtmTerm: null,
      UtmContent: null,
      UtmId: null,
      Referer: 'https://m.facebook.com/',
      ClickIds: { fbclid: 'F1', ttclid: 'T1' },
    });
    expect(attributionRecord(storage({}), { url: '', fingerprint: '' })).toBeNull();
  });

  it('should send each capture once, when the session has a user', async () => {
    const bus = createAppBus();
    const store = storage(CAPTURE);
    const request = vi.fn(async () => ({ success: true }));
    const transport = { request } as unknown as Transport;
    sendAttribution({ bus, transport, storage: store, url: 'u', fingerprint: async () => 'fp' });
    bus.publish('session:changed', { status: 'loading', userId: null, isSoftDeleted: false });
    expect(request).not.toHaveBeenCalled();
    bus.publish('session:changed', { status: 'anonymous', userId: 'u1', isSoftDeleted: false });
    bus.publish('session:changed', { status: 'anonymous', userId: 'u1', isSoftDeleted: false });
    await vi.waitFor(() => expect(pendingCapture(store)).toBeNull());
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith(
      'Event/set-attribution',
      expect.objectContaining({ method: 'POST' }),
    );
    const again = vi.fn(async () => ({}));
    sendAttribution({
      bus,
      transport: { request: again } as unknown as Transport,
      storage: store,
      url: 'u',
      fingerprint: async () => 'fp',
    });
    bus.publish('session:changed', { status: 'anonymous', userId: 'u1', isSoftDeleted: false });
    expect(again).not.toHaveBeenCalled();
  });
});
