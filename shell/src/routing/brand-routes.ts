import type { RouteSetName } from '../brand/brands.ts';
import {
  BRAND_HOME_PAGES,
  PATHS,
  QUICKDATE_PAGES,
  QUIZ_PAGES,
  matchRoutePattern,
} from '@companion/contracts';
import type { RouteOwner, RouteTable } from './route-table.ts';

// The funnel brands serve every quiz and the quick-date landings.
const QUIZZES = [...QUIZ_PAGES, ...QUICKDATE_PAGES];

// Served by every brand: legal text, maintenance, the session's hidden auth and the server's sign-in start.
const ALWAYS = [PATHS.legal, PATHS.maintenance, PATHS.hiddenAuth, PATHS.signInStart].map((p) => p.pattern);

/**
 * The paths each brand serves (000 §2.1 "Brand route sets"); `full` is the whole route table. The owners are
 * the main table's (the shell's pages and the registry's claims), except `/` of fbQuiz and fakeChat (the funnels
 * remote).
 */
const ROUTE_SETS: Record<Exclude<RouteSetName, 'full'>, readonly string[]> = {
  newGirl: [
    ...QUIZZES,
    '/generation-black-pricing',
    '/generation-white-pricing',
    PATHS.createCharacter.pattern,
    PATHS.createCharacterWhite.pattern,
    // Adult and anime variants.
    '/B-JizzGirl',
    '/hentai',
    '/black_anime',
    '/black_three_screens',
    PATHS.affiliates.pattern,
  ],
  charmGirl: ['/quiz-vip', '/quiz-fb', '/funnel-new'],
  fakeChat: [PATHS.home.pattern, PATHS.pricing.pattern, PATHS.chatLanding.pattern],
  fbQuiz: [PATHS.home.pattern],
  funnels: [...QUIZZES],
};

const FUNNELS: RouteOwner = { kind: 'remote', remote: 'funnels' };
const NOT_FOUND: RouteOwner = { kind: 'shell', page: 'not-found' };

function inSet(set: readonly string[], pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (ALWAYS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return true;
  return set.some((pattern) => matchRoutePattern(pattern, path));
}

/** The owner of a path for a brand's route set: paths outside the set are not found. */
export function matchBrandRoute(routes: RouteTable, routeSet: RouteSetName, pathname: string): RouteOwner {
  if (routeSet === 'full') return routes.match(pathname);
  if (!inSet(ROUTE_SETS[routeSet], pathname)) return NOT_FOUND;
  // fbQuiz serves its vip quiz at `/`; fakeChat its chat landing without a chat id (tagged fake_chat, 000 §2.1).
  if (Object.hasOwn(BRAND_HOME_PAGES, routeSet) && (pathname === '/' || pathname === '')) return FUNNELS;
  return routes.match(pathname);
}

/**
 * True when a funnel brand's page asked for a path the main app serves but the brand does not (a quiz handing
 * over to `/create-character` or `/chat?modelId=`): the visitor goes on to the main app (000 §2.2), instead of
 * the not-found rule sending them back to the brand's first quiz.
 */
export function handsOverToMainApp(routes: RouteTable, routeSet: RouteSetName, pathname: string): boolean {
  if (routeSet === 'full' || inSet(ROUTE_SETS[routeSet], pathname)) return false;
  const owner = routes.match(pathname);
  return owner.kind === 'remote' || (owner.kind === 'shell' && owner.page !== 'not-found');
}

/** The home path of a route set: where "Back to Home" and the logo lead. */
export function homePathOf(routeSet: RouteSetName): string {
  if (routeSet === 'full' || routeSet === 'fakeChat' || routeSet === 'fbQuiz') return '/';
  return ROUTE_SETS[routeSet][0] ?? '/';
}
