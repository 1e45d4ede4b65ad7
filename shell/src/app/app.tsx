import { useEffect, useState } from 'react';
import type { BusEventMap } from '@companion/contracts';
import { BottomNav } from '../chrome/bottom-nav.tsx';
import * as styles from '../chrome/chrome.css.ts';
import { Header } from '../chrome/header.tsx';
import { Sidebar } from '../chrome/sidebar.tsx';
import { RemoteOutlet } from '../outlet/remote-outlet.tsx';
import { ContactUsPage, SettingsPage } from '../pages/account-pages.tsx';
import { LegalPage } from '../pages/legal-page.tsx';
import { MaintenancePage } from '../pages/maintenance-page.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { matchRoute, type RouteOwner } from '../routing/route-table.ts';
import { useAppLocation } from '../routing/use-app-location.ts';
import { useShell } from './shell-context.tsx';

function RouteView({ owner, pathname }: { owner: RouteOwner; pathname: string }) {
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
      return <NotFoundPage />;
  }
}

/** The shell's page: chrome around the route outlet, plus the paywall slot any remote can open. */
export function App() {
  const { history, bus } = useShell();
  const location = useAppLocation(history);
  const [menuOpen, setMenuOpen] = useState(false);
  const [paywall, setPaywall] = useState<BusEventMap['paywall:open-requested'] | null>(null);

  useEffect(() => {
    const sub = bus.handle('paywall:open-requested', (request) => setPaywall(request));
    return () => sub.unsubscribe();
  }, [bus]);

  // The sidebar closes on navigation at tablet size (spec 000 §4).
  useEffect(() => history.listen(() => setMenuOpen(false)), [history]);

  const owner = matchRoute(location.pathname);
  return (
    <>
      <Header onMenu={() => setMenuOpen((open) => !open)} />
      <div className={styles.layout}>
        <Sidebar open={menuOpen} pathname={location.pathname} onNavigate={() => setMenuOpen(false)} />
        {menuOpen && (
          <div className={styles.backdrop} onClick={() => setMenuOpen(false)} aria-hidden="true" />
        )}
        <main className={styles.main} id="main" data-testid="route-outlet">
          <RouteView owner={owner} pathname={location.pathname} />
        </main>
      </div>
      <BottomNav pathname={location.pathname} />
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
