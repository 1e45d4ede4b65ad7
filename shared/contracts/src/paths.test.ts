import { describe, expect, it } from 'vitest';
import { PATHS, isFunnelPage, showsChrome } from './paths.ts';

describe('PATHS', () => {
  it('should build a link with its path parameters encoded and the rest as query parameters', () => {
    expect(PATHS.chat.href({ modelId: 'a b' })).toBe('/chat?modelId=a+b');
    expect(PATHS.chatThread.href({ chatId: 'x/y' })).toBe('/chat/x%2Fy');
    expect(PATHS.legalPage.href({ page: 'dmca-policy', utm_source: null })).toBe('/legal/dmca-policy');
    expect(PATHS.gallery.href()).toBe('/gallery');
  });

  it('should match its own pathnames only, trailing slash ignored', () => {
    expect(PATHS.chatThread.matches('/chat/123/')).toBe(true);
    expect(PATHS.chatThread.matches('/chat')).toBe(false);
    expect(PATHS.premiumModels.matches('/Premium-Models')).toBe(false);
  });

  it('should refuse a missing path parameter at compile time', () => {
    // @ts-expect-error chatId is required
    expect(PATHS.chatThread.href({})).toBe('/chat/');
  });
});

describe('showsChrome', () => {
  it('should show the chrome on the app pages and a funnels-remote page outside the marketing list', () => {
    for (const path of [
      '/',
      '/chat',
      '/chat/7',
      '/pricing',
      '/gallery',
      '/premium-models',
      '/affiliates',
      '/funnel-report',
    ])
      expect(showsChrome(path)).toBe(true);
  });

  it('should hide it on the marketing and funnel pages, the chat landings and maintenance', () => {
    for (const path of [
      '/quiz-fb',
      '/quiz-vip',
      '/quickdate-honey-anime',
      '/generation-black',
      '/chat-landing/7',
    ])
      expect([path, isFunnelPage(path), showsChrome(path)]).toEqual([path, true, false]);
    expect(showsChrome('/maintenance')).toBe(false);
    expect(showsChrome('/maintenance/')).toBe(false);
    expect(isFunnelPage('/chat')).toBe(false);
  });
});
