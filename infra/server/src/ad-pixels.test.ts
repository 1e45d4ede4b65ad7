import { describe, expect, it } from 'vitest';
import { pixelCspSources, readAdPixelConfig } from './ad-pixels.ts';
import { contentSecurityPolicy } from './security-headers.ts';

describe('ad pixel configuration', () => {
  it('should read up to four facebook ids and one id per other network', () => {
    expect(
      readAdPixelConfig({ FACEBOOK_PIXEL_IDS: ' 1, 2,3 ,4 ', TIKTOK_PIXEL_ID: 'T', TWITTER_PIXEL_ID: 'W' }),
    ).toEqual({ facebook: ['1', '2', '3', '4'], tiktok: 'T', snapchat: null, twitter: 'W' });
    expect(readAdPixelConfig({})).toBeNull();
  });

  it('should refuse a fifth facebook id and malformed ids at start', () => {
    expect(() => readAdPixelConfig({ FACEBOOK_PIXEL_IDS: '1,2,3,4,5' })).toThrow(/at most 4/);
    expect(() => readAdPixelConfig({ TIKTOK_PIXEL_ID: '"><script>' })).toThrow(/TIKTOK_PIXEL_ID/);
  });

  it('should open the CSP only to the configured networks', () => {
    const sources = pixelCspSources(readAdPixelConfig({ FACEBOOK_PIXEL_IDS: '1' }));
    const csp = contentSecurityPolicy('n', sources);
    expect(csp).toContain(
      "script-src 'self' 'nonce-n' https://accounts.google.com/gsi/client https://connect.facebook.net;",
    );
    expect(csp).toContain('https://www.facebook.com');
    expect(csp).not.toContain('tiktok');
    expect(contentSecurityPolicy('n')).not.toContain('facebook');
  });
});
