import { describe, expect, it } from 'vitest';
import {
  LEGAL_PAGES,
  MARKETING_PAGES,
  PATHS,
  SHELL_OWNED_PATHS,
  type RegistryDocument,
} from '@companion/contracts';
import { SHELL_ROUTES, createRouteTable } from './route-table.ts';
import { TEST_ROUTES, testRegistry } from './test-routes.ts';

const matchRoute = (path: string) => TEST_ROUTES.match(path);

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
  ])('should give %s to the %s remote that claims it', (path, remote) => {
    expect(matchRoute(path)).toEqual({ kind: 'remote', remote });
  });

  it('should keep every spec path of 000 §2.1 owned', () => {
    const specPaths = [
      '/hidden-auth',
      '/contact-us',
      '/settings',
      '/maintenance',
      '/legal',
      ...LEGAL_PAGES.map((p) => `/legal/${p}`),
      ...MARKETING_PAGES,
    ];
    for (const path of specPaths)
      expect(matchRoute(path), path).not.toEqual({ kind: 'shell', page: 'not-found' });
    expect(new Set(SHELL_ROUTES.map((r) => r.path)).size).toBe(SHELL_ROUTES.length);
  });

  it('should render exactly the paths no remote may claim', () => {
    for (const route of SHELL_ROUTES) expect(SHELL_OWNED_PATHS, route.path).toContain(route.path);
    for (const path of SHELL_OWNED_PATHS.filter((p) => p !== PATHS.legalPage.pattern))
      expect(SHELL_ROUTES.map((route) => route.path)).toContain(path);
  });

  it('should own no remote path itself', () => {
    expect(SHELL_ROUTES.every((route) => route.owner.kind !== 'remote')).toBe(true);
    expect(createRouteTable({ schemaVersion: 1, remotes: {} }).match('/gallery')).toEqual({
      kind: 'shell',
      page: 'not-found',
    });
  });

  it('should serve a path a newly deployed build claims, and drop it when the claim goes', () => {
    const registry = testRegistry(['funnels']);
    registry.remotes.funnels!.routes = [...registry.remotes.funnels!.routes!, '/quiz-new'];
    expect(createRouteTable(registry).match('/quiz-new')).toEqual({ kind: 'remote', remote: 'funnels' });
    expect(createRouteTable(testRegistry(['funnels'])).match('/quiz-new')).toEqual({
      kind: 'shell',
      page: 'not-found',
    });
  });

  it('should keep shell pages when a registry claims them, and give a contested path to nobody', () => {
    const registry: RegistryDocument = testRegistry(['gallery', 'funnels']);
    registry.remotes.gallery!.routes = ['/gallery', '/settings', '/quiz-vip'];
    const routes = createRouteTable(registry);
    expect(routes.match('/settings')).toEqual({ kind: 'shell', page: 'settings' });
    expect(routes.match('/quiz-vip')).toEqual({ kind: 'shell', page: 'not-found' });
    expect(routes.match('/gallery')).toEqual({ kind: 'remote', remote: 'gallery' });
  });

  it('should wait while the registry is fetched and say so when it cannot be read', () => {
    expect(createRouteTable(null).match('/gallery')).toEqual({ kind: 'pending' });
    expect(createRouteTable(null).match('/settings')).toEqual({ kind: 'shell', page: 'settings' });
    expect(createRouteTable('failed').match('/gallery')).toEqual({ kind: 'unavailable' });
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
    expect(TEST_ROUTES.remoteFor('/nope')).toBeNull();
    expect(TEST_ROUTES.remoteFor('/gallery')).toBe('gallery');
  });
});
