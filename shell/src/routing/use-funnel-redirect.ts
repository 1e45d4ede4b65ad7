import { useEffect, useRef } from 'react';
import {
  CHARACTER_DRAFT_KEY,
  type PAYMENT_RETURN_PARAMS,
  isFunnelPage,
  type AppLocation,
  type AppHistory,
  type User,
} from '@companion/contracts';
import { mainAppEntry } from '../brand/brands.ts';
import type { Brand } from '../brand/brands.ts';
import type { SessionApi } from '../session/session-api.ts';
import { mainAppUrl, subscriberFunnelRedirect, type HandOverSession } from './access-rules.ts';
import { handsOverToMainApp } from './brand-routes.ts';
import type { RouteTable } from './route-table.ts';

/** Inputs of {@link useFunnelRedirect}. */
export interface FunnelRedirectHookInput {
  brand: Brand;
  history: AppHistory;
  location: AppLocation;
  session: SessionApi;
  user: User | null;
  userKnown: boolean;
}

/** The session to hand over, read when the hand-over happens (the device id may take a fingerprint). */
async function handOverSession(session: SessionApi): Promise<HandOverSession> {
  const deviceId = await session.deviceId();
  return { ...session.tokens(), deviceId: deviceId || null, mainApp: mainAppEntry(window.location) };
}

/** The wizard's draft as the quiz left it in session storage (000 §3), or null. */
function readDraft(): string | null {
  try {
    return sessionStorage.getItem(CHARACTER_DRAFT_KEY);
  } catch {
    return null;
  }
}

/** The parameter that marks a payment provider's return to this page (001 §2; first of `PAYMENT_RETURN_PARAMS`). */
const ORDER_PARAM: (typeof PAYMENT_RETURN_PARAMS)[0] = 'orderId';

/** Whether the document landed as a payment provider's return (`orderId`, 001 §2). */
const landedFromPayment = (history: AppHistory) =>
  new URLSearchParams(history.location.search).has(ORDER_PARAM);

/**
 * Subscribers leave funnels for the main app (000 §2.2). Not while a payment provider's return is on screen (the
 * address still carries `orderId`, 001 §2): the purchase made the buyer a subscriber, and they see its result and
 * the offers after it first. Checkout takes the return parameters out of the address when the buyer goes on, and
 * the rule applies then.
 */
export function useFunnelRedirect({
  brand,
  history,
  location,
  session,
  user,
  userKnown,
}: FunnelRedirectHookInput) {
  const onFunnel = brand.isFunnel || isFunnelPage(location.pathname);
  const paymentOnScreen = new URLSearchParams(location.search).has(ORDER_PARAM);
  useEffect(() => {
    if (!onFunnel || !userKnown || paymentOnScreen) return;
    let cancelled = false;
    void handOverSession(session).then((handOver) => {
      if (cancelled) return;
      const target = subscriberFunnelRedirect({
        brand,
        onFunnelPage: isFunnelPage(location.pathname),
        user,
        ...handOver,
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
    userKnown,
    paymentOnScreen,
    user,
    brand,
    location.pathname,
    location.search,
    history,
    session,
  ]);
}

/** Inputs of {@link useMainAppHandOver}. */
export interface MainAppHandOverInput {
  brand: Brand;
  history: AppHistory;
  location: AppLocation;
  routes: RouteTable;
  session: SessionApi;
  /** The full navigation (a seam for tests). */
  leave?: (url: string) => void;
}

/**
 * A funnel domain's page that navigates to a path of the main app (a quiz's hand-over to the wizard or a chat)
 * takes the visitor there with their session (000 §2.2). Only a navigation inside the page does: the path a link
 * or the address bar opened the domain at still gets the not-found rule, except a payment return. Returns true while
 * the visitor is leaving.
 */
export function useMainAppHandOver({
  brand,
  history,
  location,
  routes,
  session,
  leave = (url) => window.location.assign(url),
}: MainAppHandOverInput): boolean {
  // The path the document was loaded at, until the visitor leaves it: a main-app path there was typed or linked.
  // Not a payment provider's return (001 §2) to the main app's checkout (`/pricing`, `/tokens`): the buyer goes on
  // to it, signed in, and sees their order's result there.
  const entry = useRef<string | null>(landedFromPayment(history) ? null : history.location.pathname);
  if (entry.current !== null && location.pathname !== entry.current) entry.current = null;
  const leaving = entry.current === null && handsOverToMainApp(routes, brand.routeSet, location.pathname);
  const href = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!leaving) return;
    let cancelled = false;
    void handOverSession(session).then((handOver) => {
      if (cancelled) return;
      // Session storage stays on this origin: a draft for the wizard travels in the query to another one.
      const crossing = handOver.mainApp.origin !== window.location.origin;
      leave(mainAppUrl(href, { ...handOver, characterDraft: crossing ? readDraft() : null }));
    });
    return () => {
      cancelled = true;
    };
  }, [leaving, href, session, leave]);
  return leaving;
}
