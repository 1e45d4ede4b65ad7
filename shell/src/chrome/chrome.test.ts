import { describe, expect, it } from 'vitest';
import { bottomNavShown, sidebarVisible } from './chrome-rules.ts';
import { isDailyBonusClaimable, isRecentClaim } from './daily-bonus.ts';
import {
  actionFor,
  bottomNavItems,
  featureCostRows,
  isCurrentPath,
  sidebarItems,
  topNavItems,
} from './nav-items.ts';
import { isIos } from './use-media.ts';

const ALL = { hideGalleryAndMyAi: false, photoGeneration: true };
const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe('navigation items', () => {
  it('should list the sidebar items in the spec order with new marks on Gallery and Photo Generation', () => {
    const items = sidebarItems(ALL);
    expect(items.map((item) => item.label)).toEqual([
      'Explore',
      'Chat',
      'Gallery',
      'My AI',
      'Photo Generation',
      'Pricing',
      'Contact Us',
    ]);
    expect(items.filter((item) => item.isNew).map((item) => item.id)).toEqual([
      'gallery',
      'photo-generation',
    ]);
  });

  it('should hide Gallery and My AI by the flag and Photo Generation when it is off', () => {
    expect(ids(sidebarItems({ hideGalleryAndMyAi: true, photoGeneration: true }))).not.toContain('gallery');
    expect(ids(sidebarItems({ hideGalleryAndMyAi: true, photoGeneration: true }))).not.toContain('my-ai');
    expect(ids(sidebarItems({ hideGalleryAndMyAi: false, photoGeneration: false }))).not.toContain(
      'photo-generation',
    );
  });

  it('should show the top navigation without photo generation', () => {
    expect(ids(topNavItems(ALL))).toEqual([
      'create',
      'explore',
      'chat',
      'gallery',
      'my-ai',
      'pricing',
      'contact-us',
    ]);
  });

  it('should end the bottom navigation with Tokens for subscribers and Premium otherwise', () => {
    expect(ids(bottomNavItems(ALL, true))).toEqual(['explore', 'chat', 'create', 'gallery', 'tokens']);
    expect(ids(bottomNavItems(ALL, false))).toEqual(['explore', 'chat', 'create', 'gallery', 'premium']);
    expect(ids(bottomNavItems({ ...ALL, hideGalleryAndMyAi: true }, false))).not.toContain('gallery');
    expect(bottomNavItems(ALL, false).find((item) => item.id === 'create')?.ariaLabel).toBe(
      'Create character',
    );
  });

  it('should hide the bottom navigation on premium-model pages only', () => {
    expect(bottomNavShown('/premium-models')).toBe(false);
    expect(bottomNavShown('/premium-models/7')).toBe(false);
    expect(bottomNavShown('/premium')).toBe(true);
    expect(bottomNavShown('/')).toBe(true);
  });

  it('should match the current path exactly for / and by segment otherwise', () => {
    expect(isCurrentPath('/', '/chat')).toBe(false);
    expect(isCurrentPath('/chat', '/chat/5')).toBe(true);
    expect(isCurrentPath('/chat', '/chat-landing/5')).toBe(false);
  });
});

describe('action links', () => {
  const base = { href: '/my-ai', loggedIn: false, subscribed: false, pathname: '/', isTablet: false };

  it('should open the sign-in modal for a protected link when logged out', () => {
    expect(actionFor({ ...base, requires: 'auth' })).toBe('sign-in');
    expect(actionFor({ ...base, requires: 'subscription' })).toBe('sign-in');
    expect(actionFor({ ...base })).toBe('navigate');
  });

  it('should open the paywall when a subscription is required and missing', () => {
    expect(actionFor({ ...base, loggedIn: true, requires: 'subscription' })).toBe('paywall');
    expect(actionFor({ ...base, loggedIn: true, subscribed: true, requires: 'subscription' })).toBe(
      'navigate',
    );
    expect(actionFor({ ...base, loggedIn: true, requires: 'auth' })).toBe('navigate');
  });

  it('should do nothing for the chat link on chat on a non-tablet screen', () => {
    expect(actionFor({ ...base, href: '/chat', pathname: '/chat' })).toBe('none');
    expect(actionFor({ ...base, href: '/chat', pathname: '/chat/3' })).toBe('none');
    expect(actionFor({ ...base, href: '/chat', pathname: '/chat', isTablet: true })).toBe('navigate');
    expect(actionFor({ ...base, href: '/chat', pathname: '/' })).toBe('navigate');
  });
});

describe('token balance menu rows', () => {
  const prices = {
    tokenPriceForPersonModelCreation: 1,
    tokenPriceForVideo: 2,
    tokenPriceForVoiceCall: 3,
    tokenPriceForImage: 4,
    tokenPriceForVoiceOver: 5,
    tokenPriceForAudioMessage: 6,
    tokenPriceForMessage: 7,
  };

  it('should list every feature cost in the spec order', () => {
    const rows = featureCostRows(prices, false);
    expect(ids(rows)).toEqual([
      'character',
      'video',
      'voice-call',
      'image',
      'voiceover',
      'audio-message',
      'message',
    ]);
    expect(rows.map((row) => row.price)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('should hide the message row under the free-messages experiment', () => {
    expect(ids(featureCostRows(prices, true))).not.toContain('message');
    expect(featureCostRows(prices, true)).toHaveLength(6);
  });
});

describe('sidebar behaviour', () => {
  const base = { isTablet: false, hovered: false, toggled: false, isIos: false, pathname: '/' };

  it('should open on hover on desktop and by the menu button on tablet', () => {
    expect(sidebarVisible({ ...base, hovered: true })).toBe(true);
    expect(sidebarVisible({ ...base })).toBe(false);
    expect(sidebarVisible({ ...base, isTablet: true, hovered: true })).toBe(false);
    expect(sidebarVisible({ ...base, isTablet: true, toggled: true })).toBe(true);
  });

  it('should stay closed on iOS in chat', () => {
    expect(sidebarVisible({ ...base, isTablet: true, toggled: true, isIos: true, pathname: '/chat' })).toBe(
      false,
    );
    expect(
      sidebarVisible({ ...base, isTablet: true, toggled: true, isIos: true, pathname: '/gallery' }),
    ).toBe(true);
    expect(isIos({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)', maxTouchPoints: 5 })).toBe(true);
    expect(isIos({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X)', maxTouchPoints: 5 })).toBe(true);
    expect(isIos({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X)', maxTouchPoints: 0 })).toBe(false);
  });
});

describe('daily bonus', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const user = (enabled: boolean) => ({ userFeatures: { isDailyTokensEnabled: enabled } }) as never;

  it('should be claimable when enabled and the next claim date is past or missing', () => {
    expect(isDailyBonusClaimable(user(true), { nextDailyTokenClaimDate: '2026-03-01T11:59:59Z' }, now)).toBe(
      true,
    );
    expect(isDailyBonusClaimable(user(true), { nextDailyTokenClaimDate: null }, now)).toBe(true);
    expect(isDailyBonusClaimable(user(true), { nextDailyTokenClaimDate: '2026-03-01T12:00:01Z' }, now)).toBe(
      false,
    );
    expect(isDailyBonusClaimable(user(false), { nextDailyTokenClaimDate: null }, now)).toBe(false);
    expect(isDailyBonusClaimable(null, { nextDailyTokenClaimDate: null }, now)).toBe(false);
  });

  it('should count a claim less than an hour ago as recent', () => {
    expect(isRecentClaim(now.getTime() - 59 * 60 * 1000, now)).toBe(true);
    expect(isRecentClaim(now.getTime() - 60 * 60 * 1000, now)).toBe(false);
    expect(isRecentClaim(null, now)).toBe(false);
  });
});
