import { useCallback, useSyncExternalStore } from 'react';
import type { AppHistory, AppLocation, AppTo } from '@companion/contracts';
import { useMountProps } from '../remote-context.tsx';

/**
 * The current location of a shared history, re-rendering on every navigation. The shell reads its own history
 * with it; a remote uses {@link useRemoteLocation}.
 */
export function useHistoryLocation(history: AppHistory): AppLocation {
  const read = () => history.location;
  // The same read for a server render and for hydrating one (ADR 0452): both see the request's location.
  return useSyncExternalStore(history.listen, read, read);
}

/**
 * The current location, router-less: a remote with a page or two reads the shell's shared history directly and
 * keeps react-router (~14 KB gz, bundled per remote) out of its first load (ADR 0081). `RemoteRouter` is the
 * opt-in for remotes with real sub-routes.
 */
export function useRemoteLocation(): AppLocation {
  return useHistoryLocation(useMountProps().history);
}

/** Navigates the shared history (push, or replace with `{ replace: true }`). */
export function useRemoteNavigate(): (to: AppTo, options?: { replace?: boolean }) => void {
  const { history } = useMountProps();
  return useCallback((to, options) => (options?.replace ? history.replace(to) : history.push(to)), [history]);
}
