import { useCallback, useEffect, useRef, useState } from 'react';
import type { BusEventMap } from '@companion/contracts';
import { Spinner } from '@companion/ui';
import { brandOf } from '../brand/brand.ts';
import { MAIN_APP_ORIGIN } from '../brand/brands.ts';
import { AuthModal, type AuthMode } from '../chrome/auth-modal.tsx';
import { BottomNav, bottomNavShown } from '../chrome/bottom-nav.tsx';
import * as styles from '../chrome/chrome.css.ts';
import { DailyBonusModal } from '../chrome/daily-bonus-modal.tsx';
import { Header } from '../chrome/header.tsx';
import { Sidebar, sidebarVisible } from '../chrome/sidebar.tsx';
import { isIos, useIsTablet } from '../chrome/use-media.ts';
import { useVisitor } from '../chrome/use-visitor.ts';
import { RemoteOutlet } from '../outlet/remote-outlet.tsx';
import { ContactUsPage, SettingsPage } from '../pages/account-pages.tsx';
import { LegalPage } from '../pages/legal-page.tsx';
import { MaintenancePage } from '../pages/maintenance-page.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { nsfwGate, subscriberFunnelRedirect } from '../routing/access-rules.ts';
import { homePathOf, isFunnelPage, matchBrandRoute } from '../routing/brand-routes.ts';
import { categoryFromSearch, installCategoryPersistence } from '../routing/category.ts';
import { isNsfwContent, readAttribution, runAttributionCapture } from '../routing/nsfw.ts';
import type { RouteOwner } from '../routing/route-table.ts';
import { installTrackingPreservation, isInAppBrowser } from '../routing/tracking-params.ts';
import { useAppLocation } from '../routing/use-app-location.ts';
import { cx } from './cx.ts';
import { useShell } from './shell-context.tsx';

/** Spec 000 §9: subscribed users' data is refetched once, 5 s after load, when nothing was spent yet. */
const SUBSCRIBER_REFETCH_MS = 5000;

function RouteView({ owner, pathname, home }: { owner: RouteOwner; pathname: string; home: string }) {
  if (owner.kind === 'remote') return <RemoteOutlet key={owner.remote} remote={owner.remote} />;
  if (owner.kind === 'server') {
    // A server route reached by client-side navigation: hand it to the server.
    window.location.assign(pathname + window.location.search);
    return null;
  }
  switch (owner.page) {
    case 'legal':
      return <LegalPage pathname={pathname} />;
    case 'maintenance':
      return <MaintenancePage />;
    case 'settings':
      return <SettingsPage />;
    case 'contact-us':
      return <ContactUsPage />;
    case 'hidden-auth':
      return null;
    case 'not-found':
      return <NotFoundPage home={home} />;
  }
}

/** The shell's page: chrome around the route outlet, the shell's modals, and the paywall slot. */
export function App() {
  const services = useShell();
  const { history, bus, session } = services;
  const brand = brandOf(services.brand);
  const location = useAppLocation(history);
  const visitor = useVisitor();
  const isTablet = useIsTablet();
  const [toggled, setToggled] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [paywall, setPaywall] = useState<BusEventMap['paywall:open-requested'] | null>(null);
  const [authMode, setAuthMode] = useState<AuthMode | null>(null);
  const [bonusOpen, setBonusOpen] = useState(false);
  // During the first render, not in an effect: the stored category must be on the bus before any remote mounts
  // (explore decides its welcome popup on arrival). App lives as long as the page, so it is never uninstalled.
  const categoryInstalled = useRef(false);
  if (!categoryInstalled.current) {
    categoryInstalled.current = true;
    installCategoryPersistence(bus, localStorage);
  }
  // Attribution capture (000 §4): once per page load here, once per browser session inside the rule.
  useEffect(() => {
    runAttributionCapture(localStorage, sessionStorage, {
      search: window.location.search,
      referrer: document.referrer,
      host: window.location.hostname,
    });
  }, []);

  useEffect(() => {
    const subs = [
      bus.handle('paywall:open-requested', (request) => setPaywall(request)),
      bus.handle('auth:login-requested', ({ mode }) => setAuthMode(mode)),
      bus.handle('daily-bonus:open-requested', () => setBonusOpen(true)),
    ];
    return () => subs.forEach((sub) => sub.unsubscribe());
  }, [bus]);

  // Tracking parameters survive every navigation, whoever navigates (000 §2.3).
  useEffect(() => installTrackingPreservation(history, isInAppBrowser(navigator.userAgent)), [history]);

  // The sidebar closes on navigation at tablet size (000 §4).
  useEffect(
    () =>
      history.listen(() => {
        setToggled(false);
        setHovered(false);
      }),
    [history],
  );

  // The explore category from the query: anything other than anime is realistic (000 §2.3, §5).
  useEffect(() => {
    const category = categoryFromSearch(location.search);
    if (category && bus.current('category:changed')?.category !== category) {
      bus.publish('category:changed', { category });
    }
  }, [bus, location.search]);

  const nsfw = isNsfwContent({
    user: visitor.user,
    // Read on every render: the session's user fetch stores or clears it (000 §4).
    attribution: readAttribution(localStorage),
    sfwOnlyBuild: brand.sfwOnly,
  });
  const gate = nsfwGate(location.pathname, visitor.userKnown, nsfw);
  useEffect(() => {
    if (gate === 'redirect') history.replace({ pathname: '/', search: history.location.search, hash: '' });
  }, [gate, history]);

  // Subscribers leave funnels for the main app (000 §2.2).
  const onFunnel = brand.isFunnel || isFunnelPage(location.pathname);
  useEffect(() => {
    if (!onFunnel || !visitor.userKnown) return;
    let cancelled = false;
    void session.deviceId().then((deviceId) => {
      if (cancelled) return;
      const target = subscriberFunnelRedirect({
        brand,
        onFunnelPage: isFunnelPage(location.pathname),
        user: visitor.user,
        ...session.tokens(),
        deviceId: deviceId || null,
        mainAppOrigin: MAIN_APP_ORIGIN,
      });
      if (!target) return;
      if (target.startsWith('/')) history.replace(target);
      else window.location.assign(target);
    });
    return () => {
      cancelled = true;
    };
  }, [
    onFunnel,
    visitor.userKnown,
    visitor.user,
    brand,
    location.pathname,
    location.search,
    history,
    session,
  ]);

  const { subscribed, balance, api } = visitor;
  const spentNothing = balance?.spentTokens === 0;
  useEffect(() => {
    if (!subscribed || !spentNothing) return;
    const timer = setTimeout(() => {
      void api.refreshUser();
      void api.refreshBalance();
    }, SUBSCRIBER_REFETCH_MS);
    return () => clearTimeout(timer);
    // Once per load: later balance changes must not re-arm it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [subscribed]);

  const onHover = useCallback((value: boolean) => setHovered(value), []);
  const home = homePathOf(brand.routeSet);
  const owner = matchBrandRoute(brand.routeSet, location.pathname);
  const withChrome = brand.routeSet === 'full' && !isFunnelPage(location.pathname);
  const open = sidebarVisible({
    isTablet,
    hovered: hovered && !isTablet,
    toggled,
    isIos: isIos(),
    pathname: location.pathname,
  });
  const showBottomNav = withChrome && bottomNavShown(location.pathname);

  return (
    <>
      {withChrome && <Header onMenu={() => setToggled((value) => !value)} menuOpen={open} />}
      <div className={withChrome ? styles.layout : undefined}>
        {withChrome && (
          <Sidebar
            open={open}
            pathname={location.pathname}
            onNavigate={() => setToggled(false)}
            onHover={onHover}
            onClose={() => setToggled(false)}
          />
        )}
        {withChrome && open && isTablet && (
          <div className={styles.backdrop} onClick={() => setToggled(false)} aria-hidden="true" />
        )}
        <main
          className={cx(styles.main, !showBottomNav && styles.mainNoBottomNav)}
          id="main"
          data-testid="route-outlet"
        >
          {gate === 'allow' ? (
            <RouteView owner={owner} pathname={location.pathname} home={home} />
          ) : (
            <div className={styles.gateWait} data-testid="route-gate">
              <Spinner />
            </div>
          )}
        </main>
      </div>
      {showBottomNav && <BottomNav pathname={location.pathname} />}
      <AuthModal
        mode={authMode}
        destination={location.pathname === '/settings' ? 'settings' : 'main'}
        onClose={() => setAuthMode(null)}
      />
      <DailyBonusModal open={bonusOpen} onClose={() => setBonusOpen(false)} />
      {paywall && (
        <RemoteOutlet
          key={`paywall-${paywall.source}-${paywall.paywallType}`}
          remote="checkout"
          expose="paywall"
          slot="paywall"
          paywall={{ request: paywall, close: () => setPaywall(null) }}
        />
      )}
    </>
  );
}
