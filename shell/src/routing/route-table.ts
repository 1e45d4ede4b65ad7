import type { RemoteName } from '@companion/contracts';
import { matchRoutePattern as matchesPattern } from '@companion/contracts';

/** Who renders a path: a remote, a page of the shell's own, or the server (never the SPA). */
export type RouteOwner =
  { kind: 'remote'; remote: RemoteName } | { kind: 'shell'; page: ShellPage } | { kind: 'server' };

/** Pages the shell renders itself: they must work when every remote is down, or they are the session's. */
export type ShellPage = 'legal' | 'maintenance' | 'settings' | 'contact-us' | 'hidden-auth' | 'not-found';

/** Legal pages under /legal (spec 000 §2.1); `/legal` itself is the index. */
export const LEGAL_PAGES = [
  'privacy-policy',
  'terms-of-service',
  'cookies-policy',
  'underage-policy',
  'content-removal-policy',
  'blocked-content-policy',
  'dmca-policy',
  'complaint-policy',
  'complaint-management-policy',
  'exemption',
  'anti-slavery-policy',
  'chargeback-fraud-mitigation-policy',
] as const;

/** The quiz funnels (spec 000 §2.1), served by the funnel brands' route sets too. */
export const QUIZ_PAGES = [
  '/quiz-black-eve',
  '/quiz-fb',
  '/quiz-vip',
  '/funnel-new',
  '/1801',
  '/2301',
  '/2901',
  '/4201',
  '/4202',
  '/4901',
  '/4902',
  '/4902-t',
  '/4901/chat',
  '/4901/pricing',
] as const;

/** The quick-date landings (spec 000 §2.1). */
export const QUICKDATE_PAGES = [
  '/quickdate-honey-gray',
  '/quickdate-honey-black',
  '/quickdate-honey-anime',
] as const;

/** Marketing and source pages (spec 000 §2.1), owned by the funnels remote. */
export const MARKETING_PAGES = [
  '/tiktok-source',
  '/adquantum-source',
  ...QUICKDATE_PAGES,
  '/generation-white',
  '/generation-gray',
  '/generation-black',
  '/generation-anime',
  '/generation-black-pricing',
  '/generation-white-pricing',
  ...QUIZ_PAGES,
  '/B-JizzGirl',
  '/hentai',
  '/black_anime',
  '/black_three_screens',
] as const;

const remote = (name: RemoteName): RouteOwner => ({ kind: 'remote', remote: name });
const shell = (page: ShellPage): RouteOwner => ({ kind: 'shell', page });

/** The route table of the main app (spec 000 §2.1): every path and its owner, most specific first. */
export const ROUTE_TABLE: readonly { path: string; owner: RouteOwner }[] = [
  { path: '/', owner: remote('explore') },
  { path: '/premium-models', owner: remote('explore') },
  { path: '/api/Authenticate/start/web', owner: { kind: 'server' } },
  { path: '/hidden-auth', owner: shell('hidden-auth') },
  { path: '/chat', owner: remote('chat') },
  { path: '/chat/:chatId', owner: remote('chat') },
  { path: '/create-character', owner: remote('create-character') },
  { path: '/create-character-white', owner: remote('create-character') },
  { path: '/my-ai', owner: remote('create-character') },
  { path: '/contact-us', owner: shell('contact-us') },
  { path: '/settings', owner: shell('settings') },
  { path: '/tokens', owner: remote('checkout') },
  { path: '/pricing', owner: remote('checkout') },
  { path: '/magic-page-pricing', owner: remote('checkout') },
  { path: '/magic-page-tokens', owner: remote('checkout') },
  { path: '/ai-girlfriend-generator', owner: remote('photo-generation') },
  { path: '/gallery', owner: remote('gallery') },
  { path: '/maintenance', owner: shell('maintenance') },
  { path: '/affiliates', owner: remote('funnels') },
  { path: '/chat-landing/:chatId', owner: remote('funnels') },
  { path: '/legal', owner: shell('legal') },
  ...LEGAL_PAGES.map((page) => ({ path: `/legal/${page}`, owner: shell('legal') })),
  ...MARKETING_PAGES.map((path) => ({ path, owner: remote('funnels') })),
];

/** The owner of a pathname; unknown paths belong to the not-found page (spec 000 §2.2). */
export function matchRoute(pathname: string): RouteOwner {
  for (const route of ROUTE_TABLE) {
    if (matchesPattern(route.path, pathname)) return route.owner;
  }
  return shell('not-found');
}

/** The remote that owns a path, if any (used to preload on intent). */
export function remoteForPath(pathname: string): RemoteName | null {
  const owner = matchRoute(pathname);
  return owner.kind === 'remote' ? owner.remote : null;
}
