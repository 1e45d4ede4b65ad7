import type { ComponentType, SyntheticEvent } from 'react';
import { BRAND_HOME_PAGES, matchRoutePattern, type BrandInfo } from '@companion/contracts';
import { IMAGE_UNAVAILABLE_ALT } from '@companion/ui/image-placeholder';
import {
  deferredComponent,
  useBrand,
  useRemoteLocation,
  type DeferredComponent,
} from '@companion/remote-kit';

type PageProps = { params: Record<string, string>; path: string };

/** A page of this remote: a path pattern and its page in a chunk of its own. */
interface PageRoute {
  path: string;
  page: DeferredComponent<PageProps>;
}

const page = (load: () => Promise<{ default: ComponentType<PageProps> }>) =>
  deferredComponent(() => load().then((module) => module.default));

/** The chat funnel (000 §2.1), fakeChat's main page too. */
const CHAT_LANDING: PageRoute = {
  path: '/chat-landing/:chatId',
  page: page(() => import(/* webpackChunkName: "chat-landing" */ '../pages/chat-landing-page.tsx')),
};

/**
 * The remote's own pages besides the quizzes, most specific first: one line per page, loaded only when visited.
 * The chunk names are the ones `rspack.config.ts` asks the origin to preload on each page's path (ADR 0285).
 */
const ROUTES: readonly PageRoute[] = [
  CHAT_LANDING,
  {
    path: '/affiliates',
    page: page(() => import(/* webpackChunkName: "affiliates" */ '../pages/affiliates-page.tsx')),
  },
  // The growth team's funnel report (admins only; not a spec path).
  {
    path: '/funnel-report',
    page: page(() => import(/* webpackChunkName: "funnel-report" */ '../report/funnel-report-page.tsx')),
  },
];

/**
 * Every quiz and landing variant (`src/variants/`, paths in package.json `companion.routes`): the quiz engine and
 * the variants' data in one chunk of their own, so the remote's other pages (the chat landing above all, a paid
 * visitor's first page too) download none of it.
 */
const FUNNEL_PAGE: PageRoute = {
  path: '*',
  page: page(() => import(/* webpackChunkName: "quiz" */ '../pages/funnel-page.tsx')),
};

/**
 * One page once its chunk is here (nothing before: the origin preloaded the chunk with the page, so that is a few
 * milliseconds). No Suspense: React 19 holds a suspended boundary's content back up to 300 ms after its fallback
 * showed, which cost every funnel page ~300 ms to its first screen (ADR 0285). Keyed by page, so a move to another
 * page of this remote mounts a fresh slot.
 */
function PageSlot({ route, params, path }: { route: PageRoute } & PageProps) {
  // A page that cannot load is the remote's error screen (as `React.lazy` gave), not a blank page.
  const Page = route.page.useLoaded(true, { throwOnError: true });
  return Page ? <Page params={params} path={path} /> : null;
}

/**
 * 000 §5: a picture that fails to load takes the alt 'Image currently unavailable', which `lib/backdrop.css.ts` draws
 * as the placeholder. React bubbles an image's error event, so this one handler covers every page (ADR 0400).
 */
const markBroken = (event: SyntheticEvent<HTMLElement>) => {
  (event.target as HTMLImageElement).alt = IMAGE_UNAVAILABLE_ALT;
};

/**
 * A picture of the server's first screen (ADR 0452) that failed before the page hydrated fired its error with no
 * handler yet: the page's element, once attached, marks those the same way (a decode of a broken image fails; the
 * unit tests' DOM has no `decode`).
 */
const markBrokenBeforeHydration = (page: HTMLDivElement | null) =>
  page
    ?.querySelectorAll('img')
    .forEach((image) => image.decode?.().catch(() => (image.alt = IMAGE_UNAVAILABLE_ALT)));

/** The page a path shows for a brand, with its parameters and the path it is shown for. */
function pageFor(pathname: string, brand: BrandInfo): { route: PageRoute } & PageProps {
  const path = pathname.replace(/\/+$/, '') || '/';
  // A funnel brand's main page (000 §2.1): fbQuiz's vip quiz, fakeChat's chat landing without a chat id.
  const home = path === '/' ? BRAND_HOME_PAGES[brand.id] : undefined;
  // A home is a page's own pattern (`/chat-landing/:chatId` matches itself), so one lookup serves both.
  const own = ROUTES.find((candidate) => matchRoutePattern(candidate.path, home ?? path));
  // The only parameter of this remote's pages is the chat landing's `:chatId`, the last segment of its path.
  const params: Record<string, string> =
    own && !home ? { chatId: decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) } : {};
  return { route: own ?? FUNNEL_PAGE, params, path: home ?? path };
}

/**
 * ADR 0452: whether a path's first screen renders on the server, with its page chunk loaded for that render (and
 * for the browser's hydration of it). The quizzes and landings (their first screen is data in the bundle) and the
 * chat landing (its characters are the public answer the origin inlines, ADR 0458); the affiliates' page and the
 * report stay the browser's.
 */
export async function prepareFirstScreen(pathname: string, brand: BrandInfo): Promise<boolean> {
  const { route } = pageFor(pathname, brand);
  if (route !== FUNNEL_PAGE && route !== CHAT_LANDING) return false;
  await route.page.preload();
  return true;
}

/** The funnels remote's pages. */
export function App() {
  const { pathname } = useRemoteLocation();
  const { route, params, path } = pageFor(pathname, useBrand());
  return (
    <div data-testid="remote-page" onError={markBroken} ref={markBrokenBeforeHydration}>
      <PageSlot key={route.path} route={route} params={params} path={path} />
    </div>
  );
}
