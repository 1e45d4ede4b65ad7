import '@companion/ui/fonts';
import '@companion/ui/themes';
import { StrictMode, useMemo, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import type { ShellBus } from '@companion/contracts';
import { createAppBus } from '@companion/event-bus';
import { createAppHistory } from '@companion/history';
import { ErrorScreen } from '@companion/ui';
import { forwardAnalytics } from '../analytics/forward-analytics.ts';
import { App } from './app.tsx';
import { ChromeBoundary } from './chrome-boundary.tsx';
import { chromeShown } from '../chrome/chrome-rules.ts';
import { loadChrome } from '../chrome/load-chrome.ts';
import { installTimerRecords } from './timer-records.ts';
import {
  ErrorReporterContext,
  SHELL_VERSION,
  createErrorReporter,
  readSentryDsn,
} from '../errors/error-reporter.ts';
import { readIsBot } from '../session/bot.ts';
import { createFingerprint } from '../session/fingerprint.ts';
import { ShellProvider, type ShellServices } from './shell-context.tsx';
import { MAIN_BRAND } from '../brand/brand.ts';
import { integrityPlugin, type ExpectedIntegrity } from '../federation/integrity.ts';
import { loadRegistry, readInlineRegistry } from '../federation/registry.ts';
import { RemoteLoader, type FederationRuntime } from '../federation/remote-loader.ts';
import { installCategoryState } from '../routing/category.ts';
import { createRouteTable, type RouteTable } from '../routing/route-table.ts';
import { installScrollReset } from '../routing/scroll-reset.ts';
import { readHubEndpoint } from '../hubs/hub-facts.ts';
import { createHubs } from '../hubs/hubs.ts';
import { isInAppBrowser, readGoogleClientId } from '../session/in-app-browser.ts';
import { readFirstLoad } from '../session/first-load.ts';
import { createSession } from '../session/session.ts';
import { createThemeStore } from '../theme/theme-store.ts';
import { installTracking } from '../tracking/install-tracking.ts';
import { AuthStore } from '../session/auth-store.ts';

/** What differs between the federated shell and the bench's single-bundle baseline: how remotes load. */
export interface StartShellOptions {
  runtime: FederationRuntime;
  /** Registers federation runtime plugins (the integrity check); absent when nothing is federated. */
  registerPlugins?: (plugins: ReturnType<typeof integrityPlugin>[]) => void;
  container: HTMLElement;
}

/**
 * The composition root: the one bus, the one history, the registry and loader, the session and hubs, the theme,
 * rendered into `container`.
 */
export function startShell(options: StartShellOptions): void {
  const history = createAppHistory(window);
  const bus = createAppBus();
  let integrity: ReadonlyMap<string, ExpectedIntegrity> = new Map();
  options.registerPlugins?.([integrityPlugin(() => integrity)]);
  // The route table needs the registry before the first render: the inlined copy is read synchronously.
  const inlineRegistry = readInlineRegistry(document);
  let routes = createRouteTable(inlineRegistry);
  const routeListeners = new Set<() => void>();
  const setRoutes = (table: RouteTable) => {
    routes = table;
    for (const listener of routeListeners) listener();
  };
  const registry = inlineRegistry ? Promise.resolve(inlineRegistry) : loadRegistry();
  if (!inlineRegistry) {
    registry.then(
      (doc) => setRoutes(createRouteTable(doc)),
      () => setRoutes(createRouteTable('failed')),
    );
  }
  const subscribeRoutes = (listener: () => void) => {
    routeListeners.add(listener);
    return () => routeListeners.delete(listener);
  };
  const loader = registry.then((doc) => {
    const remoteLoader = new RemoteLoader(doc, options.runtime, window.location.origin);
    integrity = remoteLoader.integrity;
    return remoteLoader;
  });
  loader.catch((error: unknown) => console.error('[shell] registry unavailable', error));
  installScrollReset(history);
  forwardAnalytics(bus);
  const themes = createThemeStore(bus, MAIN_BRAND.fontFamily);
  bus.handle('theme:change-requested', ({ mode }) => themes.set(mode));
  // Before anything renders: the stored category must be on the bus before any remote mounts.
  installCategoryState(bus, localStorage);
  installTimerRecords(bus, localStorage);
  // 000 §8: render errors (and fingerprint failures) go to the API's store, and to Sentry when SENTRY_DSN is set.
  const errors = createErrorReporter({ sentryDsn: readSentryDsn(document) });
  // A remote asks for an error to be reported: its error boundary's render errors (remote-kit's defineRemote), or a
  // failure it handled with what it knew beside it (checkout's payment failures and the backend's answer).
  bus.handle('error:report-requested', (request) =>
    errors.report({
      kind: request.kind,
      remote: request.remote,
      version: request.version ?? SHELL_VERSION,
      error: Object.assign(new Error(request.message), request.stack && { stack: request.stack }),
      componentStack: request.componentStack,
      extra: request.extra,
    }),
  );
  // The visitor lifecycle: guest pre-register, refresh, 410, sign-in returns; its transport goes to every remote.
  const fingerprint = createFingerprint({
    report: (error) => {
      console.error('[session] fingerprint failed', error);
      errors.report({ kind: 'fingerprint', remote: 'shell', version: SHELL_VERSION, error });
    },
  });
  const session = createSession({
    fingerprint,
    isBot: readIsBot(document),
    bus,
    history,
    googleClientId: readGoogleClientId(document),
    inAppBrowser: isInAppBrowser(navigator.userAgent),
    applyTheme: themes.set,
    firstLoad: readFirstLoad(document),
  });
  const transport = session.transport;
  // Analytics batching, ad pixels and the attribution record load after first paint (ADR 0241).
  installTracking({
    bus,
    history,
    transport,
    fingerprint: () => fingerprint.get(),
    accessToken: () => new AuthStore(localStorage).auth().accessToken,
    beacon: (json) =>
      navigator.sendBeacon('/api/Event/track', new Blob([json], { type: 'application/json' })),
  });
  // The connections' code and the SignalR client load on first need (ADRs 0236, 0275).
  const hubs = createHubs({ bus, session, endpoint: readHubEndpoint(document) });
  hubs.start();
  // Remotes get views whose interest in a payment or registration fact opens those hubs (ADR 0236).
  const servicesBus: ShellBus = { ...bus, as: (publisher) => hubs.listenedBus(bus.as(publisher)) };
  // Once the visitor is settled, and when the page is idle: the fingerprint update (000 §7, ADR 0323).
  void session.start().then(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
    // On the app's pages, not a funnel's first screen (its 150 KB of JavaScript): the next app page does it.
    if (chromeShown(MAIN_BRAND.routeSet, window.location.pathname))
      idle(() => void session.syncFingerprint());
  });
  // e2e only: the suite sets this flag to drive the real transport from the page (e.g. 20 parallel calls).
  if (sessionStorage.getItem('companion:test-hooks') === '1') {
    Object.assign(window, { __companionShell: { transport, session, hubs, bus } });
  }

  function Root() {
    const theme = useSyncExternalStore(themes.subscribe, themes.get);
    const routeTable = useSyncExternalStore(subscribeRoutes, () => routes);
    const services = useMemo<ShellServices>(
      () => ({
        history,
        bus: servicesBus,
        loader,
        routes: routeTable,
        transport,
        hubs,
        session,
        brand: MAIN_BRAND,
        theme,
        setTheme: themes.set,
      }),
      [theme, routeTable],
    );
    return (
      <ErrorReporterContext.Provider value={errors}>
        <ShellProvider value={services}>
          {/* Whatever the areas' own boundaries do not contain: the generic error screen, not a blank page. */}
          <ChromeBoundary area="shell" fallback={<ErrorScreen />}>
            <App />
          </ChromeBoundary>
        </ShellProvider>
      </ErrorReporterContext.Provider>
    );
  }

  const render = () =>
    createRoot(options.container).render(
      <StrictMode>
        <Root />
      </StrictMode>,
    );
  // ADR 0278: a page with the chrome renders once its chunk is in (the origin preloads it with the boot), so the
  // header and navigation paint with the page; if it fails to load the page renders without it.
  if (chromeShown(MAIN_BRAND.routeSet, window.location.pathname)) {
    loadChrome().then(render, (error: unknown) => {
      console.error('[shell] the chrome failed to load', error);
      render();
    });
  } else {
    render();
  }
}
