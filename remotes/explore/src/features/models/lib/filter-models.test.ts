import { describe, expect, it } from 'vitest';
import type { PersonModel } from '@companion/contracts';
import { testPersonModel } from '@companion/remote-kit/testing';
import { coverImage, filterModels } from './filter-models.ts';
import { cardAction } from './card-action.ts';

// bodyImages empty: the cover rules below start from a character without images.
const model = (id: string, patch: Partial<PersonModel> = {}) =>
  testPersonModel(id, { bodyImages: [], ...patch });

const MODELS = [
  model('r1'),
  model('p-real', { isPremium: true, isLockedPremiumModel: true }),
  model('a1', { isAnime: true }),
  model('p-anime', { isAnime: true, isPremium: true, isLockedPremiumModel: true }),
];

describe('filterModels', () => {
  it('should show non-anime models for realistic and anime models for anime', () => {
    expect(filterModels(MODELS, 'realistic', null).map((m) => m.id)).toEqual(['r1', 'p-real']);
    expect(filterModels(MODELS, 'anime', null).map((m) => m.id)).toEqual(['a1', 'p-anime']);
  });

  it('should list premium models anime first only when the stored preference is anime', () => {
    expect(filterModels(MODELS, 'premium', 'realistic').map((m) => m.id)).toEqual(['p-real', 'p-anime']);
    expect(filterModels(MODELS, 'premium', null).map((m) => m.id)).toEqual(['p-real', 'p-anime']);
    expect(filterModels(MODELS, 'premium', 'anime').map((m) => m.id)).toEqual(['p-anime', 'p-real']);
  });

  it('should read the cover from either body-image shape and fall back to the paywall image', () => {
    expect(coverImage(model('x', { bodyImages: ['/a.svg'] }))).toBe('/a.svg');
    expect(coverImage(model('x', { bodyImages: [{ id: 'i', imageUrl: '/b.svg', isUnlocked: true }] }))).toBe(
      '/b.svg',
    );
    expect(coverImage(model('x', { paywallImage: '/c.svg' }))).toBe('/c.svg');
  });
});

describe('cardAction', () => {
  const locked = model('l', { isLocked: true });
  const premium = MODELS[1]!;

  it('should open the chat of an open character for a registered user, and ask an anonymous visitor to sign in', () => {
    expect(cardAction(MODELS[0]!, { loggedIn: true, subscribed: false })).toEqual({ kind: 'open-chat' });
    expect(cardAction(MODELS[0]!, { loggedIn: false, subscribed: false })).toEqual({ kind: 'sign-in' });
  });

  it('should ask an anonymous visitor to sign in, and a registered one without a subscription to subscribe', () => {
    expect(cardAction(locked, { loggedIn: false, subscribed: false }).kind).toBe('sign-in');
    expect(cardAction(premium, { loggedIn: true, subscribed: false }).kind).toBe('paywall');
  });

  it('should confirm a token unlock with the endpoint of the lock kind for a subscriber', () => {
    expect(cardAction(locked, { loggedIn: true, subscribed: true })).toEqual({
      kind: 'confirm-unlock',
      endpoint: 'PersonModel/unlock',
    });
    expect(cardAction(premium, { loggedIn: true, subscribed: true })).toEqual({
      kind: 'confirm-unlock',
      endpoint: 'PersonModel/unlock-premium-model',
    });
  });
});
