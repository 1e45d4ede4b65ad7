import { useEffect } from 'react';
import { isFunnelPage, type AppLocation, type AppHistory, type User } from '@companion/contracts';
import { MAIN_APP_ORIGIN } from '../brand/brands.ts';
import type { Brand } from '../brand/brands.ts';
import type { SessionApi } from '../session/session-api.ts';
import { subscriberFunnelRedirect } from './access-rules.ts';

/** Inputs of {@link useFunnelRedirect}. */
export interface FunnelRedirectHookInput {
  brand: Brand;
  history: AppHistory;
  location: AppLocation;
  session: SessionApi;
  user: User | null;
  userKnown: boolean;
}

/** Subscribers leave funnels for the main app (000 §2.2). */
export function useFunnelRedirect({
  brand,
  history,
  location,
  session,
  user,
  userKnown,
}: FunnelRedirectHookInput) {
  const onFunnel = brand.isFunnel || isFunnelPage(location.pathname);
  useEffect(() => {
    if (!onFunnel || !userKnown) return;
    let cancelled = false;
    void session.deviceId().then((deviceId) => {
      if (cancelled) return;
      const target = subscriberFunnelRedirect({
        brand,
        onFunnelPage: isFunnelPage(location.pathname),
        user,
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
  }, [onFunnel, userKnown, user, brand, location.pathname, location.search, history, session]);
}
