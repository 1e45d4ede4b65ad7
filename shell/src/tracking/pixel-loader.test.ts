import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserPixels, PIXEL_SCRIPTS } from './pixel-loader.ts';

type Globals = Record<string, unknown>;

describe('browser pixels', () => {
  afterEach(() => {
    for (const name of ['fbq', '_fbq', 'ttq', 'snaptr', 'twq', 'TiktokAnalyticsObject'])
      delete (window as unknown as Globals)[name];
    document.head.querySelectorAll('script[data-pixel]').forEach((script) => script.remove());
  });

  it('should install each network’s queue and append its script once', () => {
    const pixels = createBrowserPixels(window, document);
    for (const network of ['facebook', 'tiktok', 'snapchat', 'twitter'] as const) {
      pixels.load(network, PIXEL_SCRIPTS[network]);
      pixels.load(network, PIXEL_SCRIPTS[network]);
    }
    const scripts = [...document.head.querySelectorAll<HTMLScriptElement>('script[data-pixel]')];
    expect(scripts.map((s) => s.src)).toEqual(Object.values(PIXEL_SCRIPTS));
    const globals = window as unknown as Globals;
    expect(typeof globals['fbq']).toBe('function');
    expect(Array.isArray(globals['ttq'])).toBe(true);
    expect(typeof globals['snaptr']).toBe('function');
    expect(typeof globals['twq']).toBe('function');
  });

  it('should queue calls until the script takes over, as the base codes do', () => {
    const pixels = createBrowserPixels(window, document);
    pixels.load('facebook', PIXEL_SCRIPTS.facebook);
    pixels.load('tiktok', PIXEL_SCRIPTS.tiktok);
    pixels.call('facebook', ['track', 'PageView']);
    pixels.call('tiktok', ['track', 'CompletePayment', { value: 1 }]);
    const globals = window as unknown as Record<string, { queue?: unknown[] } & unknown[]>;
    expect(globals['fbq']!.queue).toEqual([['track', 'PageView']]);
    expect([...globals['ttq']!]).toEqual([['track', 'CompletePayment', { value: 1 }]]);
  });

  it('should turn a failing pixel into a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const pixels = createBrowserPixels(window, document);
    pixels.load('twitter', PIXEL_SCRIPTS.twitter);
    (window as unknown as Globals)['twq'] = () => {
      throw new Error('blocked');
    };
    expect(() => pixels.call('twitter', ['track', 'PageView'])).not.toThrow();
    document.head.querySelector('script[data-pixel="twitter"]')!.dispatchEvent(new Event('error'));
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
