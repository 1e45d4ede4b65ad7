// Which brand a production hostname serves, and what the funnel brands serve differently (000 §2.1 "Brand route
// sets"): one rule for the shell (which brand to render) and the origin (which files a page needs, ADR 0285).
import type { BrandId } from './mount.ts';

/** Production hostnames per brand; `www.` is ignored. Anything unknown is the main brand. */
export const BRAND_HOSTS: Readonly<Record<string, BrandId>> = {
  'companion.app': 'main',
  'companion-chat.app': 'mainMirror',
  'getharder.app': 'getHarder',
  'svitlo.app': 'svitlo',
  'myfriend.app': 'myFriend',
  'mymate.app': 'myMate',
  'newgirl.app': 'newGirl',
  'charmgirl.app': 'charmGirl',
  'chat.companion.app': 'fakeChat',
  'quiz.companion.app': 'fbQuiz',
  'go.companion.app': 'funnels',
};

/** The brands that serve only funnels: their pages never show the app's chrome (header, sidebar, bottom nav). */
export const FUNNEL_BRANDS: readonly BrandId[] = ['newGirl', 'charmGirl', 'fakeChat', 'fbQuiz', 'funnels'];

/**
 * What a funnel brand serves at `/` (the funnels remote): fbQuiz its vip quiz, fakeChat its chat landing without a
 * chat id (tagged fake_chat). The page's route pattern, whose files the origin preloads there. Literal patterns (a
 * test holds them to `PATHS`): the funnels remote reads this table and should not bundle the whole path list.
 */
export const BRAND_HOME_PAGES: Partial<Readonly<Record<BrandId, string>>> = {
  fbQuiz: '/quiz-vip',
  fakeChat: '/chat-landing/:chatId',
};

const DEV_HOSTS = /^(localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0)$|\.local$|\.localhost$/;

/** A hostname without its port, lower case, without `www.`. */
const bareHost = (hostname: string) =>
  hostname
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^www\./, '');

/** The brand of a hostname by the production map (`www.` and a port ignored), or null when the map does not name it. */
export function brandOfHost(
  hostname: string,
  hostMap: Readonly<Record<string, BrandId>> = BRAND_HOSTS,
): BrandId | null {
  const host = bareHost(hostname);
  return Object.hasOwn(hostMap, host) ? hostMap[host]! : null;
}

/**
 * A development host (localhost, `*.local`…): there `?brand=` (then the override the shell stored) picks the brand,
 * so one machine can show every brand; a production host is never re-branded by a query string.
 */
export function isDevelopmentHost(hostname: string): boolean {
  return !brandOfHost(hostname) && DEV_HOSTS.test(bareHost(hostname));
}
