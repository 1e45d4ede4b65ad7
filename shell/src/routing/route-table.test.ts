import { describe, expect, it } from 'vitest';
import { LEGAL_PAGES, MARKETING_PAGES } from '@companion/contracts';
import { ROUTE_TABLE, matchRoute, remoteForPath } from './route-table.ts';

describe('route table', () => {
  it.each([
    ['/', 'explore'],
    ['/premium-models', 'explore'],
    ['/chat', 'chat'],
    ['/chat/abc-123', 'chat'],
    ['/create-character', 'create-character'],
    ['/create-character-white', 'create-character'],
    ['/my-ai', 'create-character'],
    ['/tokens', 'checkout'],
    ['/pricing', 'checkout'],
    ['/magic-page-pricing', 'checkout'],
    ['/magic-page-tokens', 'checkout'],
    ['/ai-girlfriend-generator', 'photo-generation'],
    ['/gallery', 'gallery'],
    ['/affiliates', 'funnels'],
    ['/chat-landing/42', 'funnels'],
    ['/4901/chat', 'funnels'],
    ['/quiz-vip', 'funnels'],
  ])('should give %s to the %s remote', (path, remote) => {
    expect(matchRoute(path)).toEqual({ kind: 'remote', remote });
  });

  it('should keep every spec path of 000 §2.1 owned', () => {
    const specPaths = [
      '/',
      '/hidden-auth',
      '/chat',
      '/create-character',
      '/create-character-white',
      '/my-ai',
      '/contact-us',
      '/settings',
      '/tokens',
      '/pricing',
      '/ai-girlfriend-generator',
      '/gallery',
      '/premium-models',
      '/maintenance',
      '/affiliates',
      '/chat-landing/x',
      '/magic-page-pricing',
      '/magic-page-tokens',
      '/legal',
      ...LEGAL_PAGES.map((p) => `/legal/${p}`),
      ...MARKETING_PAGES,
    ];
    for (const path of specPaths)
      expect(matchRoute(path), path).not.toEqual({ kind: 'shell', page: 'not-found' });
    expect(MARKETING_PAGES).toHaveLength(29);
    expect(LEGAL_PAGES).toHaveLength(12);
    expect(new Set(ROUTE_TABLE.map((r) => r.path)).size).toBe(ROUTE_TABLE.length);
  });

  it('should send the external sign-in start to the server', () => {
    expect(matchRoute('/api/Authenticate/start/web')).toEqual({ kind: 'server' });
  });

  it('should render shell pages for legal, maintenance and settings', () => {
    expect(matchRoute('/legal/privacy-policy')).toEqual({ kind: 'shell', page: 'legal' });
    expect(matchRoute('/maintenance')).toEqual({ kind: 'shell', page: 'maintenance' });
    expect(matchRoute('/settings')).toEqual({ kind: 'shell', page: 'settings' });
  });

  it('should treat unknown paths, unknown legal pages and wrong case as not found', () => {
    for (const path of ['/nope', '/legal/nope', '/Gallery', '/chat/a/b', '/gallery/x']) {
      expect(matchRoute(path), path).toEqual({ kind: 'shell', page: 'not-found' });
    }
    expect(remoteForPath('/nope')).toBeNull();
    expect(remoteForPath('/gallery')).toBe('gallery');
  });
});
