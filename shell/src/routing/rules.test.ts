import { describe, expect, it } from 'vitest';
import { createAppBus } from '@companion/event-bus';
import { createAppHistory } from '@companion/history';
import { BRANDS, mainAppEntry } from '../brand/brands.ts';
import { mainAppUrl, nsfwGate, subscriberFunnelRedirect } from './access-rules.ts';
import { handsOverToMainApp, homePathOf, matchBrandRoute } from './brand-routes.ts';
import { TEST_ROUTES } from './test-routes.ts';
import { categoryFromSearch, isFunnelPage, parseCategory } from '@companion/contracts';
import { isInAppBrowser } from '../session/in-app-browser.ts';
import { installCategoryState } from './category.ts';
import type { RouteSetName } from '../brand/brands.ts';
import type { RouteOwner } from './route-table.ts';
import {
  captureAttribution,
  clearAttribution,
  externalReferrer,
  isNsfwContent,
  readAttribution,
  runAttributionCapture,
  writeAttribution,
} from './nsfw.ts';
import {
  hrefWithTracking,
  installTrackingPreservation,
  mergeTracking,
  pickTracking,
  TRACKING_PARAMS,
} from './tracking-params.ts';

const now = new Date('2026-01-02T03:04:05Z');
const capture = (search: string, extra: Partial<Parameters<typeof captureAttribution>[0]> = {}) =>
  captureAttribution({
    search,
    stored: null,
    referrer: '',
    ownHost: 'companion.app',
    capturedThisSession: false,
    now,
    ...extra,
  });

describe('tracking whitelist', () => {
  it('should keep exactly the whitelisted parameters', () => {
    const search = `?${TRACKING_PARAMS.map((name) => `${name}=v`).join('&')}&modelId=3&accessToken=secret`;
    expect(pickTracking(search).map(([name]) => name)).toEqual([...TRACKING_PARAMS]);
  });

  it('should preserve the saved-auth id only in in-app browsers', () => {
    expect(pickTracking('?savedInfoId=abc')).toEqual([]);
    expect(pickTracking('?savedInfoId=abc', true)).toEqual([['savedInfoId', 'abc']]);
    expect(isInAppBrowser('Mozilla/5.0 (iPhone) [FBAN/FBIOS;FBAV/400.0]')).toBe(true);
    expect(isInAppBrowser('Mozilla/5.0 (X11; Linux x86_64) Chrome/140')).toBe(false);
  });

  it('should keep the saved-auth id in every in-app browser the session saves auth for (WeChat, LinkedIn)', () => {
    for (const ua of [
      'Mozilla/5.0 (iPhone) MicroMessenger/8.0.40',
      'Mozilla/5.0 (iPhone) LinkedInApp/9.29',
    ]) {
      expect(pickTracking('?savedInfoId=abc', isInAppBrowser(ua))).toEqual([['savedInfoId', 'abc']]);
    }
  });

  it('should add missing tracking to a target without overriding what the target sets', () => {
    expect(mergeTracking('?modelId=1', '?utm_source=tiktok&foo=1')).toBe('?modelId=1&utm_source=tiktok');
    expect(mergeTracking('?utm_source=google', '?utm_source=tiktok')).toBe('?utm_source=google');
    expect(mergeTracking('', '?x=1')).toBe('');
    expect(hrefWithTracking('/chat#top', '?gclid=g')).toBe('/chat?gclid=g#top');
  });

  it('should put tracking back on any navigation that drops it', () => {
    window.history.replaceState(null, '', '/?utm_source=tiktok&ttclid=t1');
    const history = createAppHistory(window);
    const stop = installTrackingPreservation(history);
    history.push('/gallery');
    expect(window.location.pathname + window.location.search).toBe('/gallery?utm_source=tiktok&ttclid=t1');
    history.push('/chat?modelId=5');
    expect(window.location.search).toBe('?modelId=5&utm_source=tiktok&ttclid=t1');
    stop();
    history.push('/pricing');
    expect(window.location.search).toBe('');
  });
});

describe('category rule', () => {
  it('should treat anything other than anime as realistic', () => {
    expect(parseCategory('anime')).toBe('anime');
    expect(parseCategory('realistic')).toBe('realistic');
    expect(parseCategory('Anime')).toBe('realistic');
    expect(parseCategory('')).toBe('realistic');
    expect(parseCategory(null)).toBe('realistic');
    expect(categoryFromSearch('?category=video')).toBe('realistic');
    expect(categoryFromSearch('?x=1')).toBeNull();
  });
});

describe('attribution capture', () => {
  it('should capture a utm source', () => {
    expect(capture('?utm_source=snapchat')?.utmSource).toBe('snapchat');
  });

  it('should derive the utm source from a click id when none is given', () => {
    expect(capture('?ttclid=a')).toMatchObject({ utmSource: 'tiktok', clickIdParam: 'ttclid', clickId: 'a' });
    expect(capture('?fbclid=b')?.utmSource).toBe('facebook');
    expect(capture('?gclid=c')?.utmSource).toBe('google');
    expect(capture('?utm_source=partner&gclid=c')?.utmSource).toBe('partner');
  });

  it('should not capture without a source, twice in a session or for the same stored source', () => {
    expect(capture('?clickid=x')).toBeNull();
    expect(capture('?utm_source=a', { capturedThisSession: true })).toBeNull();
    const stored = capture('?utm_source=a')!;
    expect(capture('?utm_source=a', { stored })).toBeNull();
    expect(capture('?utm_source=b', { stored })?.utmSource).toBe('b');
  });

  it('should record only external, non-payment referrers', () => {
    expect(capture('?utm_source=a', { referrer: 'https://news.example/x' })?.referrer).toBe(
      'https://news.example/x',
    );
    expect(capture('?utm_source=a', { referrer: 'https://companion.app/chat' })?.referrer).toBeNull();
    expect(externalReferrer('https://pay.paypal.com/return', 'companion.app', ['paypal.com'])).toBeNull();
    expect(externalReferrer('not a url', 'companion.app', [])).toBeNull();
  });

  it('should run once per browser session against storage', () => {
    localStorage.clear();
    sessionStorage.clear();
    const page = { search: '?utm_source=tiktok', referrer: '', host: 'companion.app' };
    expect(runAttributionCapture(localStorage, sessionStorage, page, now)?.utmSource).toBe('tiktok');
    expect(
      runAttributionCapture(localStorage, sessionStorage, { ...page, search: '?utm_source=x' }, now)
        ?.utmSource,
    ).toBe('tiktok');
  });
});

describe('NSFW determination', () => {
  const user = (
    overrides: Partial<{ nEnabled: boolean; utmSource: string | null; activeSubscription: unknown }>,
  ) =>
    ({ nEnabled: false, utmSource: null, activeSubscription: null, ...overrides }) as Parameters<
      typeof isNsfwContent
    >[0]['user'];

  it('should be NSFW with nEnabled or a stored attribution', () => {
    expect(isNsfwContent({ user: user({ nEnabled: true }), attribution: null, sfwOnlyBuild: false })).toBe(
      true,
    );
    expect(isNsfwContent({ user: user({}), attribution: { utmSource: 'tiktok' }, sfwOnlyBuild: false })).toBe(
      true,
    );
    expect(isNsfwContent({ user: user({}), attribution: null, sfwOnlyBuild: false })).toBe(false);
  });

  it('should never be NSFW on the SFW-only build', () => {
    expect(
      isNsfwContent({ user: user({ nEnabled: true }), attribution: { utmSource: 'x' }, sfwOnlyBuild: true }),
    ).toBe(false);
  });

  it('should be off for a non-subscriber from google, on for a subscriber from google', () => {
    expect(
      isNsfwContent({
        user: user({ nEnabled: true, utmSource: 'google' }),
        attribution: null,
        sfwOnlyBuild: false,
      }),
    ).toBe(false);
    expect(isNsfwContent({ user: user({}), attribution: { utmSource: 'google' }, sfwOnlyBuild: false })).toBe(
      false,
    );
    expect(
      isNsfwContent({
        user: user({ nEnabled: true, utmSource: 'google', activeSubscription: { id: 's' } }),
        attribution: null,
        sfwOnlyBuild: false,
      }),
    ).toBe(true);
  });
});

describe('access rules', () => {
  it('should gate settings, tokens and hidden tokens on the NSFW check', () => {
    for (const path of ['/settings', '/tokens', '/magic-page-tokens', '/settings/']) {
      expect(nsfwGate(path, false, false), path).toBe('wait');
      expect(nsfwGate(path, true, false), path).toBe('redirect');
      expect(nsfwGate(path, true, true), path).toBe('allow');
    }
    expect(nsfwGate('/pricing', true, false)).toBe('allow');
    expect(nsfwGate('/magic-page-pricing', true, false)).toBe('allow');
  });

  const base = {
    brand: BRANDS.funnels,
    onFunnelPage: true,
    accessToken: 'at',
    refreshToken: 'rt',
    deviceId: 'dev',
    mainApp: { origin: 'https://companion.app', params: {} },
  };
  const subscribed = { activeSubscription: { id: 's' } as never, utmSource: null };

  it('should leave non-subscribers on the funnel', () => {
    expect(
      subscriberFunnelRedirect({ ...base, user: { activeSubscription: null, utmSource: null } }),
    ).toBeNull();
    expect(subscriberFunnelRedirect({ ...base, user: null })).toBeNull();
  });

  it('should send a subscriber from a funnel domain to the main app with tokens and device id', () => {
    const target = new URL(subscriberFunnelRedirect({ ...base, user: subscribed })!);
    expect(target.origin).toBe('https://companion.app');
    expect(target.pathname).toBe('/chat');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      accessToken: 'at',
      refreshToken: 'rt',
      device_id: 'dev',
    });
    const withSource = new URL(
      subscriberFunnelRedirect({ ...base, user: { ...subscribed, utmSource: 'tiktok' } })!,
    );
    expect(withSource.pathname).toBe('/');
    expect(withSource.searchParams.get('utm_source')).toBe('tiktok');
  });

  it('should keep tokens out of the URL on the main domain', () => {
    expect(subscriberFunnelRedirect({ ...base, brand: BRANDS.main, user: subscribed })).toBe('/chat');
    expect(
      subscriberFunnelRedirect({ ...base, brand: BRANDS.main, onFunnelPage: false, user: subscribed }),
    ).toBeNull();
  });
});

describe('the funnel domains hand over to the main app', () => {
  it('should hand a quiz over to the wizard or a chat the brand does not serve, on every funnel brand', () => {
    for (const set of ['funnels', 'charmGirl', 'fbQuiz', 'newGirl', 'fakeChat'] as const) {
      expect(handsOverToMainApp(TEST_ROUTES, set, '/chat'), set).toBe(true);
    }
    for (const set of ['funnels', 'charmGirl', 'fbQuiz', 'fakeChat'] as const) {
      expect(handsOverToMainApp(TEST_ROUTES, set, '/create-character'), set).toBe(true);
    }
    // newGirl serves the wizard itself; no brand leaves for a path it serves, and nobody leaves the main app.
    expect(handsOverToMainApp(TEST_ROUTES, 'newGirl', '/create-character')).toBe(false);
    expect(handsOverToMainApp(TEST_ROUTES, 'funnels', '/4202')).toBe(false);
    expect(handsOverToMainApp(TEST_ROUTES, 'full', '/chat')).toBe(false);
    // An unknown path is not the main app's either: not found.
    expect(handsOverToMainApp(TEST_ROUTES, 'funnels', '/nope')).toBe(false);
  });

  it('should carry the session in the query, and switch the brand on a development host', () => {
    const url = new URL(
      mainAppUrl('/chat?modelId=m1&utm_source=tiktok', {
        accessToken: 'at',
        refreshToken: 'rt',
        deviceId: 'dev',
        mainApp: mainAppEntry({ hostname: 'localhost', origin: 'http://localhost:3000' }),
      }),
    );
    expect(url.origin).toBe('http://localhost:3000');
    expect(url.pathname).toBe('/chat');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      modelId: 'm1',
      utm_source: 'tiktok',
      brand: 'main',
      accessToken: 'at',
      refreshToken: 'rt',
      device_id: 'dev',
    });
    const withDraft = new URL(
      mainAppUrl('/create-character', {
        accessToken: 'at',
        refreshToken: 'rt',
        deviceId: null,
        mainApp: { origin: 'https://companion.app', params: {} },
        characterDraft: '{"version":1}',
      }),
    );
    expect(withDraft.searchParams.get('characterDraft')).toBe('{"version":1}');
    expect(mainAppEntry({ hostname: 'go.companion.app', origin: 'https://go.companion.app' })).toEqual({
      origin: 'https://companion.app',
      params: {},
    });
  });
});

describe('brand route sets', () => {
  const remote = (name: string): RouteOwner => ({ kind: 'remote', remote: name }) as RouteOwner;
  const page = (name: string): RouteOwner => ({ kind: 'shell', page: name }) as RouteOwner;
  // Full-app brands get the whole table; fakeChat only main (its chat landing without a chat id), pricing and chat
  // landing; fbQuiz the vip quiz at main; newGirl its create-character variants and affiliates, not the chat; legal
  // and maintenance pages everywhere.
  const expected: Partial<Record<RouteSetName, Record<string, RouteOwner>>> = {
    full: { '/gallery': remote('gallery') },
    fakeChat: {
      '/': remote('funnels'),
      '/pricing': remote('checkout'),
      '/chat-landing/42': remote('funnels'),
      '/gallery': page('not-found'),
    },
    fbQuiz: { '/': remote('funnels'), '/chat': page('not-found') },
    charmGirl: { '/legal/privacy-policy': page('legal') },
    funnels: { '/maintenance': page('maintenance') },
    newGirl: {
      '/create-character-white': remote('create-character'),
      '/affiliates': remote('funnels'),
      '/chat': page('not-found'),
    },
  };
  it.each(Object.entries(expected))('should route the %s brand to its set', (brand, paths) => {
    for (const [path, target] of Object.entries(paths))
      expect(matchBrandRoute(TEST_ROUTES, brand as RouteSetName, path), path).toEqual(target);
  });

  it('should find a home inside each set and know funnel pages', () => {
    expect(homePathOf('full')).toBe('/');
    expect(matchBrandRoute(TEST_ROUTES, 'funnels', homePathOf('funnels')).kind).toBe('remote');
    expect(matchBrandRoute(TEST_ROUTES, 'charmGirl', homePathOf('charmGirl')).kind).toBe('remote');
    expect(isFunnelPage('/quiz-vip')).toBe(true);
    expect(isFunnelPage('/chat-landing/3')).toBe(true);
    expect(isFunnelPage('/chat')).toBe(false);
  });
});

describe('attribution storage', () => {
  it('should share the plain utm source key with the session and read either format', () => {
    localStorage.clear();
    writeAttribution(localStorage, capture('?fbclid=z')!);
    expect(localStorage.getItem('persist:attribution')).toBe('facebook');
    expect(readAttribution(localStorage)).toEqual({ utmSource: 'facebook' });
    localStorage.setItem('persist:attribution', JSON.stringify({ utmSource: 'x' }));
    expect(readAttribution(localStorage)).toEqual({ utmSource: 'x' });
    clearAttribution(localStorage);
    expect(readAttribution(localStorage)).toBeNull();
  });
});

describe('category persistence', () => {
  it('should keep the category in the persisted user slice, replay it and store every change (000 §3)', () => {
    localStorage.clear();
    localStorage.setItem('persist:user', JSON.stringify({ category: 'anime', country: 'CA' }));
    const bus = createAppBus();
    const stop = installCategoryState(bus, localStorage);
    expect(bus.current('category:changed')).toEqual({ category: 'anime' });
    bus.publish('category:changed', { category: 'realistic' });
    expect(JSON.parse(localStorage.getItem('persist:user')!)).toEqual({
      category: 'realistic',
      country: 'CA',
    });
    stop();
  });

  it('should still read a preference stored under the old key', () => {
    localStorage.clear();
    localStorage.setItem('persist:category', 'anime');
    const bus = createAppBus();
    installCategoryState(bus, localStorage);
    expect(bus.current('category:changed')).toEqual({ category: 'anime' });
  });

  it('should publish nothing without a stored preference', () => {
    localStorage.clear();
    const bus = createAppBus();
    installCategoryState(bus, localStorage);
    expect(bus.current('category:changed')).toBeUndefined();
  });

  it("should answer a remote's category:change-requested with shell-owned state, stored", () => {
    localStorage.clear();
    const bus = createAppBus();
    const stop = installCategoryState(bus, localStorage);
    bus.as('explore').publish('category:change-requested', { category: 'anime', source: 'category-filter' });
    expect(bus.current('category:changed')).toEqual({ category: 'anime' });
    expect(JSON.parse(localStorage.getItem('persist:user')!)).toEqual({ category: 'anime' });
    stop();
  });
});
