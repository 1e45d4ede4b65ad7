import { useMemo, useSyncExternalStore } from 'react';
import { visitorOf } from '@companion/remote-kit';
import { useShell } from '../app/shell-context.tsx';
import type { SessionApi, SessionSnapshot } from '../session/session-api.ts';

/** What the chrome derives from the session snapshot. */
export interface Visitor extends SessionSnapshot {
  /** Registered (has an email): sees the profile menu instead of Login (000 §6). */
  loggedIn: boolean;
  subscribed: boolean;
  api: SessionApi;
}

/** The visitor as the chrome sees it, re-rendering on every session change. */
export function useVisitor(): Visitor {
  const { session: api } = useShell();
  const snapshot = useSyncExternalStore(api.subscribe, api.snapshot, api.snapshot);
  return useMemo(
    () => ({
      ...snapshot,
      ...visitorOf(snapshot.session, snapshot.user),
      api,
    }),
    [snapshot, api],
  );
}
