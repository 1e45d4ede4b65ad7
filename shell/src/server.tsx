// The shell's server entry (ADR 0453): the chrome of a page with chrome (header, sidebar, bottom navigation) as a
// visitor whose user is not loaded yet sees it, around a route remote's first screen or the shell's own legal page.
// The origin puts it in the page before any JavaScript; the shell then renders its own root as always, and the
// theme's rules swap the two when the page is ready. Built for Node into `dist/server/chrome-frame.mjs`; never in a
// browser bundle.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import {
  FIRST_SCREEN_SLOT_ATTRIBUTE,
  SHELL_PAGE_STYLES_FILE,
  type HubClient,
  type RenderChromeFrame,
  type ShellBus,
} from '@companion/contracts';
import { cx } from '@companion/ui';
import { serverHistory } from '@companion/remote-kit/server';
import * as styles from './app/layout.css.ts';
import { ShellProvider, type ShellServices } from './app/shell-context.tsx';
import { BRANDS } from './brand/brands.ts';
import { BottomNav } from './chrome/bottom-nav.tsx';
import { bottomNavShown, chromeShown } from './chrome/chrome-rules.ts';
import { Header } from './chrome/header.tsx';
import { Sidebar } from './chrome/sidebar.tsx';
import { LegalPage } from './pages/legal-page.tsx';
import { matchBrandRoute } from './routing/brand-routes.ts';
import { createRouteTable } from './routing/route-table.ts';
import type { SessionApi, SessionSnapshot } from './session/session-api.ts';

const never = <T,>() => new Promise<T>(() => {});
const none = () => {};

/** Nothing happens on the server: effects and handlers do not run, and a read sees nothing published. */
const bus: ShellBus = {
  publish: none,
  subscribe: () => ({ unsubscribe: none }),
  current: () => undefined,
  handle: () => ({ unsubscribe: none }),
  as: () => bus,
};

/** The session while the user is not loaded (000 §2.5: the chrome's skeletons), as every first render starts. */
const NOT_LOADED: SessionSnapshot = {
  session: { status: 'loading', userId: null, isSoftDeleted: false },
  user: null,
  balance: null,
  userKnown: false,
};
const session = {
  snapshot: () => NOT_LOADED,
  subscribe: () => none,
} as Partial<SessionApi> as SessionApi;

const hubs: HubClient = { state: () => 'Disconnected', invoke: never, stream: () => never() as never };

/** Attributes that must stay unique in the page: the shell's own root renders the same chrome beside this one. */
const UNIQUE_ATTRIBUTES = / (?:id|data-testid|aria-controls|aria-labelledby)="[^"]*"/g;

/** The shell's own pages (the registry plays no part in them), as the brand's route set serves them. */
const routes = createRouteTable(null);

/**
 * The legal pages' stylesheets, which the browser loads with their lazy chunks: linked by the frame so the page is
 * styled before any script. Written beside this file by the shell's browser build; none when it is not there.
 */
function legalStyles(): string {
  try {
    // Beside this module wherever the build is deployed (`new URL(…, import.meta.url)` would be taken for an asset).
    const file = path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      path.basename(SHELL_PAGE_STYLES_FILE),
    );
    const styles = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
    const files = new Set([
      ...(styles['pages/legal-page.tsx'] ?? []),
      ...(styles['pages/legal/legal-text.tsx'] ?? []),
    ]);
    return [...files].map((href) => `<link rel="stylesheet" href="${href}" />`).join('');
  } catch {
    return '';
  }
}
const LEGAL_STYLES = legalStyles();

/** Everything of a tree as HTML once every lazy part is in (the legal texts are a chunk of their own). */
async function prerender(tree: ReactNode): Promise<string> {
  // One document in order: a long policy is not split off behind a script that swaps it in (no script runs here).
  const { prelude } = await prerenderToNodeStream(tree, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

export const renderChromeFrame: RenderChromeFrame = async (input) => {
  const brand = BRANDS[input.brand] ?? BRANDS.main;
  if (!chromeShown(brand.routeSet, input.path)) return null;
  const ownPage = input.content === null;
  // The shell's own pages rendered here: the legal index and the policies (000 §2.1), where the brand has them.
  const owner = matchBrandRoute(routes, brand.routeSet, input.path);
  if (ownPage && !(owner.kind === 'shell' && owner.page === 'legal')) return null;
  const services: ShellServices = {
    history: serverHistory(input),
    bus,
    loader: never(),
    routes,
    // The legal pages ask for the visitor's country in an effect, which does not run on the server.
    transport: { request: never },
    hubs,
    session,
    brand,
    theme: input.theme,
    setTheme: none,
  };
  const bottomNav = bottomNavShown(input.path);
  const slot = { [FIRST_SCREEN_SLOT_ATTRIBUTE]: '' };
  // The layout of the shell's App (`app/app.tsx`) with the chrome closed, as its first render has it.
  const tree = (
    <ShellProvider value={services}>
      <Header onMenu={none} menuOpen={false} />
      <div className={styles.layout}>
        <Sidebar open={false} pathname={input.path} onNavigate={none} onHover={none} onClose={none} />
        <main className={cx(styles.main, !bottomNav && styles.mainNoBottomNav)}>
          <div {...slot}>{ownPage && <LegalPage pathname={input.path} />}</div>
        </main>
      </div>
      {bottomNav && <BottomNav pathname={input.path} />}
    </ShellProvider>
  );
  if (ownPage) return { html: (await prerender(tree)).replace(UNIQUE_ATTRIBUTES, ''), head: LEGAL_STYLES };
  const chrome = renderToString(tree).replace(UNIQUE_ATTRIBUTES, '');
  const empty = `<div ${FIRST_SCREEN_SLOT_ATTRIBUTE}=""></div>`;
  return {
    html: chrome.replace(empty, () => `<div ${FIRST_SCREEN_SLOT_ATTRIBUTE}="">${input.content}</div>`),
    head: '',
  };
};
