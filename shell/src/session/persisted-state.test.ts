import { describe, expect, it } from 'vitest';
import { createAppBus } from '@companion/event-bus';
import { installCategoryState } from '../routing/category.ts';
import { storeAnalyticsParams } from '../routing/use-attribution-capture.ts';
import { createThemeStore } from '../theme/theme-store.ts';
import { AuthStore, PERSIST_KEYS } from './auth-store.ts';
import { makeUser } from './test-fixtures.ts';
import { applyUserFetch } from './user-rules.ts';

describe('persisted client state (000 §3)', () => {
  it('should keep the user slice (payment method, category, country, user), analytics params and theme under persist: keys', () => {
    localStorage.clear();
    const store = new AuthStore(localStorage);
    const bus = createAppBus();
    installCategoryState(bus, localStorage);
    bus.publish('category:changed', { category: 'anime' });
    store.patchUserSlice({ country: 'US' });
    applyUserFetch(store, makeUser({ id: 'u1' }));
    expect(JSON.parse(localStorage.getItem('persist:user')!)).toMatchObject({
      paymentMethod: 'yuno',
      category: 'anime',
      country: 'US',
      user: { id: 'u1' },
    });

    storeAnalyticsParams(localStorage, '?utm_source=tiktok&ttclid=t1&foo=bar');
    expect(JSON.parse(localStorage.getItem('persist:analytics')!)).toEqual({
      utm_source: 'tiktok',
      ttclid: 't1',
    });
    // A later visit without tracking keeps what brought the visitor.
    storeAnalyticsParams(localStorage, '?category=anime');
    expect(JSON.parse(localStorage.getItem('persist:analytics')!)).toEqual({
      utm_source: 'tiktok',
      ttclid: 't1',
    });

    createThemeStore(bus, 'Manrope').set('light');
    expect(localStorage.getItem('persist:theme')).toBe('light');

    // Logout forgets the user, not the device's category and country.
    store.resetAuth();
    expect(JSON.parse(localStorage.getItem('persist:user')!)).toEqual({ category: 'anime', country: 'US' });
    expect(Object.values(PERSIST_KEYS).every((key) => key.startsWith('persist:'))).toBe(true);
  });
});
