import { beforeEach, describe, expect, it } from 'vitest';
import { AuthStore, PERSIST_KEYS } from './auth-store.ts';
import { makeUser } from './test-fixtures.ts';
import { applyUserFetch } from './user-rules.ts';

describe('user fetch rules', () => {
  let store: AuthStore;
  beforeEach(() => {
    localStorage.clear();
    store = new AuthStore(localStorage);
  });

  it('should store the user and default the payment method to the card provider', () => {
    applyUserFetch(store, makeUser({}, { preferredPaymentMethod: '' }));
    expect(store.user()).toMatchObject({ paymentMethod: 'solidgate', user: { id: 'u1' } });
    applyUserFetch(store, makeUser());
    expect(store.user()?.paymentMethod).toBe('yuno');
    expect(localStorage.getItem(PERSIST_KEYS.user)).toContain('"paymentMethod":"yuno"');
  });

  it('should store attribution for an NSFW user with a utm source and clear it when NSFW is off', () => {
    applyUserFetch(store, makeUser({ nEnabled: true, utmSource: 'tiktok' }));
    expect(store.attribution()).toBe('tiktok');
    applyUserFetch(store, makeUser({ nEnabled: true, utmSource: null }));
    expect(store.attribution()).toBe('tiktok');
    localStorage.setItem(PERSIST_KEYS.attributionDetails, '{"utmSource":"tiktok"}');
    applyUserFetch(store, makeUser({ nEnabled: false, isSConfirmed: true, utmSource: 'tiktok' }));
    expect(store.attribution()).toBeNull();
    expect(localStorage.getItem(PERSIST_KEYS.attributionDetails)).toBeNull();
  });

  it("should keep an ad visitor's captured attribution through a user fetch before any content choice", () => {
    store.setAttribution('tiktok');
    applyUserFetch(store, makeUser({ nEnabled: false, isSConfirmed: false, utmSource: 'tiktok' }));
    expect(store.attribution()).toBe('tiktok');
  });

  it('should set the age-confirm marker n for NSFW and s only for SFW-only confirmation', () => {
    applyUserFetch(store, makeUser({ isSConfirmed: true }));
    expect(store.ageConfirm()).toBe('s');
    applyUserFetch(store, makeUser({ isNConfirmed: true, isSConfirmed: true }));
    expect(store.ageConfirm()).toBe('n');
    expect(store.confirmations()).toEqual({ isNConfirmed: true, isSConfirmed: true });
  });

  it('should keep a generated id only while the user has no email and clear the user on failure', () => {
    applyUserFetch(store, makeUser());
    expect(store.generatedUserId()).toBe('u1');
    applyUserFetch(store, makeUser({ email: 'a@b.c' }));
    expect(store.generatedUserId()).toBeNull();
    applyUserFetch(store, null);
    expect(store.user()).toMatchObject({ user: null, paymentMethod: 'yuno' });
  });
});
