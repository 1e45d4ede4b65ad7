// Every route of spec 000 §2.1, named once. The shell's route table, its nav items and brand route sets, and
// every cross-remote link build on these names (`PATHS.chat.href({ modelId })`), so a path changes in one place.
import { matchRoutePattern } from './routes.ts';

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A query value; `null` and `undefined` leave the parameter out. */
export type QueryValue = string | number | boolean | null | undefined;

/** What `href` takes: every `:param` of the pattern, plus any query parameters. */
export type HrefArgs<P extends string> = [ParamNames<P>] extends [never]
  ? [query?: Record<string, QueryValue>]
  : [params: { [K in ParamNames<P>]: string } & Record<string, QueryValue>];

/** One route: its pattern, a link builder and a matcher. */
export interface RoutePath<P extends string = string> {
  readonly pattern: P;
  /** The path with its parameters filled in (URI-encoded); any other key becomes a query parameter. */
  href(...args: HrefArgs<P>): string;
  /** Whether a pathname is this route (exact, case-sensitive, trailing slash ignored). */
  matches(pathname: string): boolean;
}

function route<P extends string>(pattern: P): RoutePath<P> {
  return {
    pattern,
    href(...args: HrefArgs<P>) {
      const values: Record<string, QueryValue> = { ...args[0] };
      const path = pattern.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
        const value = values[name];
        delete values[name];
        return encodeURIComponent(String(value ?? ''));
      });
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(values))
        if (value !== null && value !== undefined) query.set(name, String(value));
      const search = query.toString();
      return search ? `${path}?${search}` : path;
    },
    matches: (pathname) => matchRoutePattern(pattern, pathname),
  };
}

/** The main app's routes (spec 000 §2.1). Query parameters the spec names are noted per route. */
export const PATHS = {
  /** Explore; `category` (anime or realistic). Also the Google sign-in return page. */
  home: route('/'),
  /** Premium characters; `modelId` deep-links one. */
  premiumModels: route('/premium-models'),
  /** The external sign-in start: served by the server, never by the SPA. */
  signInStart: route('/api/Authenticate/start/web'),
  hiddenAuth: route('/hidden-auth'),
  /** The chat list; `modelId` opens the chat with that character. */
  chat: route('/chat'),
  chatThread: route('/chat/:chatId'),
  createCharacter: route('/create-character'),
  createCharacterWhite: route('/create-character-white'),
  myAi: route('/my-ai'),
  contactUs: route('/contact-us'),
  /** NSFW-gated (000 §2.2). */
  settings: route('/settings'),
  /** NSFW-gated (000 §2.2). */
  tokens: route('/tokens'),
  pricing: route('/pricing'),
  magicPagePricing: route('/magic-page-pricing'),
  /** NSFW-gated (000 §2.2). */
  magicPageTokens: route('/magic-page-tokens'),
  photoGeneration: route('/ai-girlfriend-generator'),
  gallery: route('/gallery'),
  maintenance: route('/maintenance'),
  affiliates: route('/affiliates'),
  chatLanding: route('/chat-landing/:chatId'),
  /** The legal index; the pages are `legalPage` with one of `LEGAL_PAGES`. */
  legal: route('/legal'),
  legalPage: route('/legal/:page'),
} as const;

/** The name of a route in {@link PATHS}. */
export type PathName = keyof typeof PATHS;

/** Legal pages under /legal (spec 000 §2.1). */
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

/**
 * The query parameters a payment provider sends the browser back with (001 §2). `orderId` marks a payment return:
 * checkout reads them and removes them from the address; the shell leaves such a landing where it is.
 */
export const PAYMENT_RETURN_PARAMS = [
  'orderId',
  'subscription_id',
  'token',
  'productId',
  'state',
  'purchaseType',
  'userId',
  'paymentSystem',
] as const;

/** The quiz funnels (spec 000 §2.1). */
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

/** Marketing and source pages (spec 000 §2.1), quizzes and quick-date landings included. */
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

/** The marketing and funnel pages of the main app: the marketing list and every chat landing (000 §2.1, §2.2). */
export function isFunnelPage(pathname: string): boolean {
  return (MARKETING_PAGES as readonly string[]).includes(pathname) || pathname.startsWith('/chat-landing/');
}

/**
 * Whether a path of the main app shows the app chrome (header, sidebar, bottom nav): every page but the funnel
 * pages and maintenance (its own route group, 000 §2.1). One rule for the shell, which renders the chrome only for
 * the full route set and such a path, and the origin, which preloads the chrome's chunk only for such a path
 * (ADR 0278).
 */
export function showsChrome(pathname: string): boolean {
  return !isFunnelPage(pathname) && !PATHS.maintenance.matches(pathname);
}
