import { useMemo, useSyncExternalStore } from 'react';
import { useShell, type ShellServices } from '../app/shell-context.tsx';
import type { SessionApi, SessionSnapshot } from '../session/session-api.ts';
import { createFallbackSession } from './fallback-session.ts';

const fallbacks = new WeakMap<object, SessionApi>();

/** The session API: the composition root's when it provides one, else a bus-and-transport stand-in. */
export function sessionOf(services: ShellServices): SessionApi {
  const provided = (services as ShellServices & { session?: SessionApi }).session;
  if (provided) return provided;
  let fallback = fallbacks.get(services.bus);
  if (!fallback) {
    fallback = createFallbackSession(services.bus, services.transport);
    fallbacks.set(services.bus, fallback);
  }
  return fallback;
}

/** What the chrome derives from the session snapshot. */
export interface Visitor extends SessionSnapshot {
  /** Registered (has an email): sees the profile menu instead of Login (000 §6). */
  loggedIn: boolean;
  subscribed: boolean;
  api: SessionApi;
}

/** The visitor as the chrome sees it, re-rendering on every session change. */
export function useVisitor(): Visitor {
  const services = useShell();
  const api = sessionOf(services);
  const snapshot = useSyncExternalStore(api.subscribe, api.snapshot);
  return useMemo(
    () => ({
      ...snapshot,
      loggedIn: snapshot.session.status === 'registered' || Boolean(snapshot.user?.email),
      subscribed: Boolean(snapshot.user?.activeSubscription),
      api,
    }),
    [snapshot, api],
  );
}
