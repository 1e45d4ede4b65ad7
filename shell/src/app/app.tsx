import { Suspense, lazy, useEffect } from 'react';
import { PATHS, type AppHistory } from '@companion/contracts';
import { ErrorScreen, Spinner, cx } from '@companion/ui';
import { isLazyImportFailure, useHistoryLocation } from '@companion/remote-kit';
import { brandOf } from '../brand/brand.ts';
import type { AuthMode } from '../chrome/auth-modal.tsx';
import { bottomNavShown, chromeShown, sidebarVisible } from '../chrome/chrome-rules.ts';
import { useChromeParts } from '../chrome/load-chrome.ts';
import * as styles from './layout.css.ts';
import { isIos, useIsTablet } from '../chrome/use-media.ts';
import { useSidebarState } from '../chrome/use-sidebar-state.ts';
import { useVisitor } from '../chrome/use-visitor.ts';
import { RemoteOutlet } from '../outlet/remote-outlet.tsx';
import { OpsRoute } from '../pages/ops/ops-route.tsx';
import { homePathOf, matchBrandRoute } from '../routing/brand-routes.ts';
import type { RouteOwner } from '../routing/route-table.ts';
import { useAttributionCapture } from '../routing/use-attribution-capture.ts';
import { useCategoryFromQuery } from '../routing/use-category-from-query.ts';
import { useFunnelRedirect, useMainAppHandOver } from '../routing/use-funnel-redirect.ts';
import { FINISHED_QUIZZES_KEY } from '../routing/quiz-users-key.ts';
import { useNsfwGate } from '../routing/use-nsfw-gate.ts';
import { useTrackingPreservation } from '../routing/use-tracking-preservation.ts';
import { ChromeBoundary } from './chrome-boundary.tsx';
import { useShell } from './shell-context.tsx';
import { useShellModals } from './use-shell-modals.ts';

// Loaded on first use, not with every first visit (ADR 0236): the modals, the account pages and the legal pages.
const AuthModal = lazy(() => import('../chrome/auth-modal.tsx').then((m) => ({ default: m.AuthModal })));
const ContentDialog = lazy(() =>
  import('../chrome/content-dialog.tsx').then((m) => ({ default: m.ContentDialog })),
);
const DailyBonusModal = lazy(() =>
  import('../chrome/daily-bonus-modal.tsx').then((m) => ({ default: m.DailyBonusModal })),
);
const SettingsPage = lazy(() =>
  import('../pages/account-pages.tsx').then((m) => ({ default: m.SettingsPage })),
);
const ContactUsPage = lazy(() =>
  import('../pages/account-pages.tsx').then((m) => ({ default: m.ContactUsPage })),
);
const LegalPage = lazy(() => import('../pages/legal-page.tsx').then((m) => ({ default: m.LegalPage })));
// ADR 0260: the maintenance page and the paywall's fallback dialog (with the modal it needs) are not first-load code
// either; the fallback starts loading with the paywall request, so it is there if checkout is not.
const MaintenancePage = lazy(() =>
  import('../pages/maintenance-page.tsx').then((m) => ({ default: m.MaintenancePage })),
);
// ADR 0278: an unknown path only redirects home; its page (and the links and page styles it brings) is not
// first-load code for everyone else.
const NotFoundPage = lazy(() =>
  import('../pages/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
);
const loadPaywallUnavailable = () => import('../chrome/paywall-unavailable.tsx');
const PaywallUnavailable = lazy(() =>
  loadPaywallUnavailable().then((m) => ({ default: m.PaywallUnavailable })),
);

/**
 * `/hidden-auth` (000 §2.1 "hidden modal auth"): the sign-in modal opens over the main page, so the visitor
 * lands on explore with the modal in front; the query (tracking, light theme) is kept.
 */
function useHiddenAuth(active: boolean, history: AppHistory, openAuth: (mode: AuthMode) => void) {
  useEffect(() => {
    if (!active) return;
    openAuth('login');
    history.replace({ pathname: '/', search: history.location.search, hash: '' });
  }, [active, history, openAuth]);
}

/** 000 §8: the generic error screen, with its content hidden when a lazily loaded module failed to load. */
function pageFallback(error: unknown) {
  return <ErrorScreen hideContent={isLazyImportFailure(error)} />;
}

/** A server route reached by client-side navigation: hand it to the server. */
function ServerRoute({ pathname }: { pathname: string }) {
  useEffect(() => window.location.assign(pathname + window.location.search), [pathname]);
  return null;
}

function RouteView(props: { owner: RouteOwner; pathname: string; home: string }) {
  return (
    <Suspense fallback={<Spinner />}>
      <RoutePage {...props} />
    </Suspense>
  );
}

function RoutePage({ owner, pathname, home }: { owner: RouteOwner; pathname: string; home: string }) {
  if (owner.kind === 'remote') return <RemoteOutlet key={owner.remote} remote={owner.remote} />;
  if (owner.kind === 'server') return <ServerRoute pathname={pathname} />;
  // The registry is being fetched (it was not inlined): wait rather than call the path unknown.
  if (owner.kind === 'pending') return <Spinner />;
  if (owner.kind === 'unavailable') return <ErrorScreen />;
  switch (owner.page) {
    case 'legal':
      return <LegalPage pathname={pathname} />;
    case 'maintenance':
      return <MaintenancePage />;
    case 'settings':
      return (
        <SettingsPage
          subscriptionPanel={<RemoteOutlet remote="checkout" expose="subscription" slot="settings" />}
        />
      );
    case 'contact-us':
      return <ContactUsPage />;
    case 'hidden-auth':
      // App opens the sign-in modal and shows the main page under it (000 §2.1 "hidden modal auth").
      return null;
    case 'not-found':
      return <NotFoundPage home={home} />;
    case 'ops':
      return <OpsRoute />;
  }
}

/**
 * The shell's page: chrome around the route outlet, the shell's modals, and the paywall slot. The policies run
 * as hooks owned by their folders (routing rules, the session's visitor, the modal intents); this file only
 * composes them.
 */
export function App() {
  const services = useShell();
  const { history, bus, session } = services;
  const brand = brandOf(services.brand);
  const location = useHistoryLocation(history);
  const visitor = useVisitor();
  const isTablet = useIsTablet();
  const sidebar = useSidebarState(history);
  const modals = useShellModals(bus);
  const paywallRequested = modals.paywall !== null;
  useEffect(() => {
    if (paywallRequested) loadPaywallUnavailable().catch(() => undefined);
  }, [paywallRequested]);

  useCategoryFromQuery(bus, location.search);
  useAttributionCapture();
  useTrackingPreservation(history);
  const { gate, nsfw, ...content } = useNsfwGate({
    history,
    pathname: location.pathname,
    user: visitor.user,
    userKnown: visitor.userKnown,
    sfwOnlyBuild: brand.sfwOnly,
  });
  // The remotes read the same determination (contract 1.4): adult copy, imagery, secret photos.
  useEffect(() => {
    bus.publish('content:mode-changed', { nsfw });
  }, [bus, nsfw]);
  useFunnelRedirect({ brand, history, location, session, user: visitor.user, userKnown: visitor.userKnown });
  // Quiz users (ADR 0390): their own chunk, loaded only when it has something to do: a landing while this device
  // has finished a quiz, a landing on a page without chrome (a quiz: its listener must be in place before the
  // quiz's hand-over leaves the document, or the finished quiz is never recorded), or the first navigation away.
  useEffect(() => {
    const landing = history.location.pathname;
    let stop: (() => void) | null = null;
    let gone = false;
    let unlisten: (() => void) | null = null;
    const watch = () =>
      void import('../routing/quiz-users.ts').then(({ watchQuizUsers }) => {
        if (!gone) stop = watchQuizUsers({ routeSet: brand.routeSet, history, from: landing });
      });
    if (localStorage.getItem(FINISHED_QUIZZES_KEY) || !chromeShown(brand.routeSet, landing)) watch();
    else
      unlisten = history.listen(() => {
        unlisten?.();
        unlisten = null;
        watch();
      });
    return () => {
      gone = true;
      unlisten?.();
      stop?.();
    };
  }, [brand.routeSet, history]);

  const leaving = useMainAppHandOver({ brand, history, location, routes: services.routes, session });

  const home = homePathOf(brand.routeSet);
  const owner = matchBrandRoute(services.routes, brand.routeSet, location.pathname);
  const page = owner.kind === 'shell' ? owner.page : null;
  useHiddenAuth(page === 'hidden-auth', history, modals.openAuth);
  // Funnel pages and /maintenance (its own route group, 000 §2.1) have no header, sidebar or bottom nav; the rule
  // is the origin's too, which preloads the chrome's chunk for the other paths (ADR 0278).
  const withChrome = chromeShown(brand.routeSet, location.pathname);
  // Loaded before the first render of a page with chrome (start-shell); after a navigation from a page without
  // it, the header's space is kept until it is there.
  const chrome = useChromeParts(withChrome);
  const open = sidebarVisible({
    isTablet,
    hovered: sidebar.hovered && !isTablet,
    toggled: sidebar.toggled,
    isIos: isIos(),
    pathname: location.pathname,
  });
  const showBottomNav = withChrome && bottomNavShown(location.pathname);

  return (
    <>
      {withChrome && (
        <ChromeBoundary area="header">
          {chrome ? (
            <chrome.Header onMenu={sidebar.toggle} menuOpen={open} />
          ) : (
            <div className={styles.headerSpace} />
          )}
        </ChromeBoundary>
      )}
      <div className={withChrome ? styles.layout : undefined}>
        {withChrome && chrome && (
          <ChromeBoundary area="sidebar">
            <chrome.Sidebar
              open={open}
              pathname={location.pathname}
              onNavigate={sidebar.close}
              onHover={sidebar.onHover}
              onClose={sidebar.close}
              promo={
                <RemoteOutlet remote="checkout" expose="banners" slot="sidebar" renderFailure={() => null} />
              }
            />
          </ChromeBoundary>
        )}
        {withChrome && open && isTablet && (
          <div className={styles.backdrop} onClick={sidebar.close} aria-hidden="true" />
        )}
        <main
          className={cx(styles.main, !showBottomNav && styles.mainNoBottomNav)}
          id="main"
          data-testid="route-outlet"
        >
          {gate === 'allow' && !leaving ? (
            <ChromeBoundary area="page" resetKey={location.pathname} fallback={pageFallback}>
              <RouteView owner={owner} pathname={location.pathname} home={home} />
            </ChromeBoundary>
          ) : (
            <div className={styles.gateWait} data-testid="route-gate">
              <Spinner />
            </div>
          )}
        </main>
      </div>
      {showBottomNav && chrome && (
        <ChromeBoundary area="bottom-nav">
          <chrome.BottomNav pathname={location.pathname} />
        </ChromeBoundary>
      )}
      <ChromeBoundary area="modals">
        <Suspense fallback={null}>
          {modals.authMode !== null && (
            <AuthModal
              mode={modals.authMode}
              destination={location.pathname === PATHS.settings.pattern ? 'settings' : 'main'}
              onClose={modals.closeAuth}
            />
          )}
          {modals.bonusOpen && <DailyBonusModal open onClose={modals.closeBonus} />}
          {content.confirmFor !== null && (
            <ContentDialog destination={content.confirmFor} onClose={content.dismiss} />
          )}
        </Suspense>
      </ChromeBoundary>
      {modals.paywall && (
        <RemoteOutlet
          key={`paywall-${modals.paywall.source}-${modals.paywall.paywallType}-${modals.insufficient?.request ?? ''}`}
          remote="checkout"
          expose="paywall"
          slot="paywall"
          paywall={{
            request: modals.paywall,
            close: modals.closePaywall,
            ...(modals.insufficient ? { insufficient: modals.insufficient } : {}),
          }}
          renderFailure={() => (
            <Suspense fallback={null}>
              <PaywallUnavailable onClose={modals.closePaywall} />
            </Suspense>
          )}
        />
      )}
    </>
  );
}
