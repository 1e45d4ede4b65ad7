import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShellBus, TrackedProduct, User } from '@companion/contracts';
import { createAppBus } from '@companion/event-bus';
import { createAppHistory } from '@companion/history';
import { PARAMETER_WAIT_MS, PURCHASE_DELAY_MS, startAdPixels, type AdPixelsDeps } from './ad-pixels.ts';
import type { ClickIdApi, Conversion } from './click-ids.ts';
import type { PixelCall } from './pixel-events.ts';
import type { PixelSink } from './pixel-loader.ts';
import type { AdNetwork, PixelConfig } from './pixel-rules.ts';

const ALL: PixelConfig = { facebook: ['F1', 'F2'], tiktok: 'T1', snapchat: 'S1', twitter: 'W1' };
const year: TrackedProduct = { id: 'sub-12m', name: 'Year', price: 11999, isSubscription: true };
const tokens: TrackedProduct = { id: 'tokens-550', name: '550 tokens', price: 3999, isSubscription: false };

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

function recorder() {
  const loads: { network: AdNetwork; src: string }[] = [];
  const calls: { network: AdNetwork; call: PixelCall }[] = [];
  const sink: PixelSink = {
    load: (network, src) => loads.push({ network, src }),
    call: (network, call) => calls.push({ network, call }),
  };
  const tracked = (name: string) => calls.filter((c) => c.call[0] === 'track' && c.call[1] === name);
  return { sink, loads, calls, tracked };
}

describe('ad pixels (001 §4)', () => {
  let bus: ShellBus;
  let storage: Storage;
  let visit: Storage;
  let log: string[];
  let conversions: Record<string, Conversion | null>;
  let clickIds: ClickIdApi;
  let stop: (() => void) | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    bus = createAppBus();
    storage = memoryStorage();
    visit = memoryStorage();
    log = [];
    conversions = {};
    clickIds = {
      update: vi.fn(async (record) => {
        log.push(`update:${record.Type}:${record.ClickId}`);
      }),
      conversion: vi.fn(async (network, orderId) => {
        log.push(`fetch:${network}:${orderId}`);
        return conversions[network] ?? null;
      }),
    };
  });
  afterEach(() => {
    stop?.();
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  function start(search: string, overrides: Partial<AdPixelsDeps> = {}) {
    window.history.replaceState(null, '', `/quiz-fb${search}`);
    const pixels = recorder();
    const history = createAppHistory(window);
    stop = startAdPixels({
      bus,
      history,
      config: ALL,
      sink: pixels.sink,
      clickIds,
      storage,
      visit,
      landingSearch: search,
      userAgent: 'UA',
      cookies: () => '_fbp=fb.1.123; _fbc=fb.1.456.F9',
      ...overrides,
    });
    return { ...pixels, history };
  }

  it('should load only the network the visit came from (a fbclid visit loads facebook only)', () => {
    const pixels = start('?fbclid=F9');
    expect(pixels.loads).toEqual([
      { network: 'facebook', src: 'https://connect.facebook.net/en_US/fbevents.js' },
    ]);
    expect(pixels.calls.map((c) => c.call)).toEqual([
      ['init', 'F1', { zp: '00000' }],
      ['init', 'F2', { zp: '00000' }],
      ['track', 'PageView'],
    ]);
  });

  it('should load nothing for a visit from no network, or from a network without a configured pixel', () => {
    expect(start('').loads).toEqual([]);
    stop?.();
    expect(start('?ttclid=1', { config: { ...ALL, tiktok: null } }).loads).toEqual([]);
  });

  it('should load the TikTok script with its pixel id, as its base code does', () => {
    expect(start('?utm_source=tiktok').loads).toEqual([
      { network: 'tiktok', src: 'https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=T1&lib=ttq' },
    ]);
  });

  it('should remember the networks so a later page of the visit (back from the provider) still reports to them', () => {
    start('?utm_source=promo-snap');
    stop?.();
    const later = start('?orderId=o1');
    expect(later.loads.map((l) => l.network)).toEqual(['snapchat']);
  });

  it('should load nothing on a later visit that does not match, though an earlier one did (ADR 0420)', () => {
    start('?fbclid=F9');
    stop?.();
    visit = memoryStorage();
    const later = start('');
    expect(later.loads).toEqual([]);
    expect(later.calls).toEqual([]);
  });

  it('should report a page view on each new path, not on a query change', () => {
    const pixels = start('?fbclid=F9');
    pixels.history.push('/pricing');
    pixels.history.push('/pricing?x=1');
    expect(pixels.tracked('PageView')).toHaveLength(2);
  });

  it('should report sign up and add to cart to every active network', () => {
    const pixels = start('?fbclid=F9&ttclid=T9');
    bus.publish('account:signed-up', { userId: 'u1', method: 'registration' });
    bus.as('checkout').publish('cart:product-added', { product: tokens, source: 'picker' });
    expect(pixels.tracked('CompleteRegistration').map((c) => c.network)).toEqual(['facebook', 'tiktok']);
    expect(pixels.tracked('AddToCart').map((c) => c.network)).toEqual(['facebook', 'tiktok']);
  });

  it('should update the click id before reporting checkout opened', async () => {
    const pixels = start('?fbclid=F9');
    bus.publish('user:changed', { user: { id: 'u1' } as User });
    bus.as('checkout').publish('checkout:opened', { product: year, source: 'paywall' });
    expect(pixels.tracked('InitiateCheckout')).toHaveLength(0);
    await vi.runAllTimersAsync();
    expect(clickIds.update).toHaveBeenCalledWith({
      Type: 'facebook',
      ClickId: 'F9',
      UserAgent: 'UA',
      ExternalId: 'u1',
      BrowserId: 'fb.1.123',
      MetaClickId: 'fb.1.456.F9',
    });
    expect(pixels.tracked('InitiateCheckout')).toHaveLength(1);
  });

  it('should collect each network’s parameters only once its 1000 ms wait since loading is over', async () => {
    let cookies = '';
    const pixels = start('?fbclid=F9&ttclid=T9', { cookies: () => cookies });
    bus.as('checkout').publish('checkout:opened', { product: year, source: 'paywall' });
    await vi.advanceTimersByTimeAsync(PARAMETER_WAIT_MS - 1);
    expect(clickIds.update).not.toHaveBeenCalled();
    expect(pixels.tracked('InitiateCheckout')).toHaveLength(0);
    // The networks' scripts set their cookies meanwhile; the records carry them.
    cookies = '_fbp=fb.1.1.2; _fbc=fb.1.1.F9; _ttp=tt-1';
    await vi.advanceTimersByTimeAsync(1);
    expect(vi.mocked(clickIds.update).mock.calls.map(([record]) => record)).toEqual([
      expect.objectContaining({
        Type: 'facebook',
        ClickId: 'F9',
        BrowserId: 'fb.1.1.2',
        MetaClickId: 'fb.1.1.F9',
      }),
      expect.objectContaining({ Type: 'tiktok', ClickId: 'T9', BrowserId: 'tt-1', MetaClickId: null }),
    ]);
    expect(pixels.tracked('InitiateCheckout').map((c) => c.network)).toEqual(['facebook', 'tiktok']);
    // Later checkouts do not wait again.
    bus.as('checkout').publish('checkout:opened', { product: year, source: 'paywall' });
    await vi.advanceTimersByTimeAsync(0);
    expect(pixels.tracked('InitiateCheckout')).toHaveLength(4);
  });

  it('should still report checkout opened when the click id update fails (a warning)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    clickIds.update = vi.fn(async () => Promise.reject(new Error('offline')));
    const pixels = start('?fbclid=F9');
    bus.as('checkout').publish('checkout:opened', { product: year, source: 'paywall' });
    await vi.runAllTimersAsync();
    expect(pixels.tracked('InitiateCheckout')).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('facebook pixel: click id update failed'),
      expect.anything(),
    );
    warn.mockRestore();
  });

  it('should wait 2 s, fetch the click id, then report purchase once with the server’s dedup id', async () => {
    conversions['facebook'] = { dedupId: 'tx-1', clickId: 'F9', firstSubscription: false };
    const pixels = start('?fbclid=F9');
    bus.as('checkout').publish('payment:succeeded', { orderId: 'o1', product: tokens, source: 'pricing' });
    bus.as('checkout').publish('payment:succeeded', { orderId: 'o1', product: tokens, source: 'pricing' });
    await vi.advanceTimersByTimeAsync(PURCHASE_DELAY_MS - 1);
    expect(log).toEqual([]);
    expect(pixels.tracked('Purchase')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['fetch:facebook:o1']);
    expect(pixels.tracked('Purchase').map((c) => c.call[3])).toEqual([{ eventID: 'tx-1' }]);
    expect(pixels.tracked('Subscribe')).toHaveLength(0);
  });

  it('should not report an order again after a reload of the result page', async () => {
    start('?fbclid=F9');
    bus.as('checkout').publish('payment:succeeded', { orderId: 'o1', product: tokens, source: 'pricing' });
    await vi.runAllTimersAsync();
    stop?.();
    bus = createAppBus();
    const again = start('?fbclid=F9');
    bus.as('checkout').publish('payment:succeeded', { orderId: 'o1', product: tokens, source: 'pricing' });
    await vi.runAllTimersAsync();
    expect(again.tracked('Purchase')).toHaveLength(0);
  });

  it('should fall back to the order id as dedup id when the server has no conversion', async () => {
    const pixels = start('?utm_source=x-tw');
    bus.as('checkout').publish('payment:succeeded', { orderId: 'o2', product: tokens, source: 'pricing' });
    await vi.runAllTimersAsync();
    expect(pixels.tracked('Purchase')[0]!.call[2]).toMatchObject({ conversion_id: 'o2' });
  });

  it('should report subscribe to facebook only for a first subscription, to the others always', async () => {
    conversions['facebook'] = { dedupId: 'tx-2', clickId: 'F9', firstSubscription: false };
    const pixels = start('?fbclid=F9&ScCid=S9');
    bus.as('checkout').publish('payment:succeeded', { orderId: 'o3', product: year, source: 'pricing' });
    await vi.runAllTimersAsync();
    expect(pixels.tracked('Subscribe')).toHaveLength(0);
    expect(pixels.tracked('SUBSCRIBE')).toHaveLength(1);
    conversions['facebook'] = { dedupId: 'tx-3', clickId: 'F9', firstSubscription: true };
    bus.as('checkout').publish('payment:succeeded', { orderId: 'o4', product: year, source: 'pricing' });
    await vi.runAllTimersAsync();
    expect(pixels.tracked('Subscribe').map((c) => c.call[3])).toEqual([{ eventID: 'tx-3' }]);
  });

  it('should, without the server’s word, send facebook subscribe once per user from this browser', async () => {
    const pixels = start('?fbclid=F9');
    bus.publish('user:changed', { user: { id: 'u1' } as User });
    bus.as('checkout').publish('payment:succeeded', { orderId: 'o5', product: year, source: 'pricing' });
    bus.as('checkout').publish('payment:succeeded', { orderId: 'o6', product: year, source: 'pricing' });
    await vi.runAllTimersAsync();
    expect(pixels.tracked('Purchase')).toHaveLength(2);
    expect(pixels.tracked('Subscribe')).toHaveLength(1);
  });

  it('should handle facts published before the module loaded', async () => {
    const pixels = start('?fbclid=F9', {
      early: [{ name: 'payment:succeeded', payload: { orderId: 'o7', product: tokens, source: 'pricing' } }],
    });
    await vi.runAllTimersAsync();
    expect(pixels.tracked('Purchase')).toHaveLength(1);
  });

  it('should log a failed click id fetch as a warning and still report the purchase', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    clickIds.conversion = vi.fn(async () => Promise.reject(new Error('500')));
    const pixels = start('?fbclid=F9');
    bus.as('checkout').publish('payment:succeeded', { orderId: 'o8', product: tokens, source: 'pricing' });
    await vi.runAllTimersAsync();
    expect(pixels.tracked('Purchase')[0]!.call[3]).toEqual({ eventID: 'o8' });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
