import { describe, expect, it } from 'vitest';
import { isInAppBrowser, readGoogleClientId } from './in-app-browser.ts';

describe('in-app browser and Google config', () => {
  it('should recognise social in-app browsers and not plain ones', () => {
    expect(isInAppBrowser('Mozilla/5.0 (iPhone) [FBAN/FBIOS;FBAV/400.0]')).toBe(true);
    expect(isInAppBrowser('Mozilla/5.0 (Linux; Android 14) musical_ly_2023 BytedanceWebview')).toBe(true);
    expect(isInAppBrowser('Mozilla/5.0 (iPhone) Instagram 300.0')).toBe(true);
    expect(isInAppBrowser('Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36')).toBe(false);
  });

  it('should read the client id from the meta tag and hide Google without one', () => {
    expect(readGoogleClientId(document)).toBeNull();
    const meta = document.createElement('meta');
    meta.name = 'google-signin-client_id';
    meta.content = ' 123.apps.googleusercontent.com ';
    document.head.append(meta);
    expect(readGoogleClientId(document)).toBe('123.apps.googleusercontent.com');
    meta.remove();
  });
});
