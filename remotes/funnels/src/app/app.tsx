import { Suspense, lazy, type ComponentType } from 'react';
import { matchRoutePattern } from '@companion/contracts';
import { useBrand, useRemoteLocation } from '@companion/remote-kit';
import { FunnelPage } from '../pages/funnel-page.tsx';

/** A page of this remote: a path pattern and its lazily loaded page (given the pattern's parameters). */
interface PageRoute {
  path: string;
  page: ComponentType<{ params: Record<string, string> }>;
}

/**
 * The remote's own pages besides the quizzes, most specific first: one line per page, loaded only when visited.
 * Every quiz and landing variant is served by `FunnelPage` (`src/variants/`); the paths are listed in
 * package.json `companion.routes`.
 */
const ROUTES: readonly PageRoute[] = [
  { path: '/chat-landing/:chatId', page: lazy(() => import('../pages/chat-landing-page.tsx')) },
  { path: '/affiliates', page: lazy(() => import('../pages/affiliates-page.tsx')) },
  // Issue 16: the growth team's funnel report (admins only; not a spec path).
  { path: '/funnel-report', page: lazy(() => import('../report/funnel-report-page.tsx')) },
];

const ChatLandingPage = ROUTES[0]!.page;

/** The path a brand serves at its main page (000 §2.1): fbQuiz's vip quiz, fakeChat's chat landing. */
function brandHome(brand: string): string | null {
  if (brand === 'fbQuiz') return '/quiz-vip';
  if (brand === 'fakeChat') return 'fake-chat';
  return null;
}

function paramsOf(pattern: string, pathname: string): Record<string, string> {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  want.forEach((segment, i) => {
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(have[i] ?? '');
  });
  return params;
}

/** The funnels remote's pages. */
export function App() {
  const { pathname } = useRemoteLocation();
  const brand = useBrand();
  const path = pathname.replace(/\/+$/, '') || '/';
  const home = path === '/' ? brandHome(brand.id) : null;
  const route = ROUTES.find((candidate) => matchRoutePattern(candidate.path, path));
  let page;
  if (home === 'fake-chat') page = <ChatLandingPage params={{}} />;
  else if (route) page = <route.page params={paramsOf(route.path, path)} />;
  else page = <FunnelPage path={home ?? path} />;
  return (
    <div data-testid="remote-page" data-page={path}>
      <Suspense fallback={null}>{page}</Suspense>
    </div>
  );
}
