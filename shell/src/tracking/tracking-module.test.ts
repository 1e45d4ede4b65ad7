import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Transport } from '@companion/contracts';
import { createAppBus } from '@companion/event-bus';
import { createAppHistory } from '@companion/history';
import { ATTRIBUTION_DETAILS_KEY } from './attribution-state.ts';
import { startTracking } from './tracking-module.ts';

const startPixels = vi.fn((_deps: unknown) => () => {});
vi.mock('./start-pixels.ts', () => ({ startPixels }));
const sendAttribution = vi.fn((_deps: unknown) => () => {});
vi.mock('./attribution-record.ts', () => ({ sendAttribution }));

function start() {
  const bus = createAppBus();
  const transport: Transport = { request: vi.fn(async () => ({})) } as unknown as Transport;
  const stop = startTracking({
    bus,
    history: createAppHistory(window),
    transport,
    fingerprint: async () => 'fp',
    accessToken: () => null,
    beacon: () => true,
    early: [],
    analytics: [],
    landingSearch: window.location.search,
  });
  return { bus, stop };
}

describe('tracking chunk: the pixels and the attribution record only when the visit needs them (ADR 0275)', () => {
  afterEach(() => {
    startPixels.mockClear();
    sendAttribution.mockClear();
    localStorage.clear();
    sessionStorage.clear();
    document.head.querySelector('meta[name="ad-pixels"]')?.remove();
    window.history.replaceState(null, '', '/');
  });

  const configure = (value: object) => {
    const meta = document.createElement('meta');
    meta.name = 'ad-pixels';
    meta.content = JSON.stringify(value);
    document.head.append(meta);
  };

  it.each([
    ['when no network is configured, even on a fbclid visit', null, '/?fbclid=F1'],
    ['when the configured network does not match the visit', { facebook: ['123'] }, '/?ttclid=T1'],
  ])('should not load the pixel chunk %s', async (_case, networks, url) => {
    if (networks) configure(networks);
    window.history.replaceState(null, '', url);
    const { stop } = start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(startPixels).not.toHaveBeenCalled();
    stop();
  });

  it('should load it for a matching configured network, with the facts published while it loaded', async () => {
    configure({ facebook: ['123'] });
    window.history.replaceState(null, '', '/quiz-fb?fbclid=F1');
    const { bus, stop } = start();
    bus.as('checkout').publish('payment:succeeded', {
      orderId: 'o1',
      product: { id: 'p', name: 'P', price: 100, isSubscription: false },
      source: 's',
    });
    await vi.waitFor(() => expect(startPixels).toHaveBeenCalledTimes(1));
    const deps = startPixels.mock.calls[0]![0] as {
      early: { name: string }[];
      config: { facebook: string[] };
    };
    expect(deps.config.facebook).toEqual(['123']);
    expect(deps.early.map((fact) => fact.name)).toEqual(['payment:succeeded']);
    stop();
  });

  it('should not load it on a later visit that does not match, and drop the old browser-wide record (ADR 0420)', async () => {
    configure({ facebook: ['123'] });
    localStorage.setItem('persist:ad-networks', JSON.stringify({ facebook: { clickId: 'F1' } }));
    localStorage.setItem('persist:attribution', 'facebook');
    window.history.replaceState(null, '', '/pricing');
    const { stop } = start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(startPixels).not.toHaveBeenCalled();
    expect(localStorage.getItem('persist:ad-networks')).toBeNull();
    stop();
  });

  it('should load the attribution record only with a capture not sent yet', async () => {
    const first = start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sendAttribution).not.toHaveBeenCalled();
    first.stop();
    localStorage.setItem(ATTRIBUTION_DETAILS_KEY, JSON.stringify({ capturedAt: '2026-11-24T09:00:00.000Z' }));
    const second = start();
    await vi.waitFor(() => expect(sendAttribution).toHaveBeenCalledTimes(1));
    second.stop();
  });
});
