import { useCallback, useSyncExternalStore } from 'react';
import type { AppLocation, AppTo } from '@companion/contracts';
import { useMountProps } from '@companion/remote-kit';

// Two static pages do not need a router: reading the shell's shared history directly keeps react-router
// (~14 KB gz, not a shared module) out of the page every first-time visitor loads (ADR 0081).

/** The current location of the shell's shared history, re-rendering on every navigation. */
export function useLocation(): AppLocation {
  const { history } = useMountProps();
  return useSyncExternalStore(
    (onChange) => history.listen(onChange),
    () => history.location,
  );
}

/** Navigates the shared history (push, or replace with `{ replace: true }`). */
export function useNavigate(): (to: AppTo, options?: { replace?: boolean }) => void {
  const { history } = useMountProps();
  return useCallback((to, options) => (options?.replace ? history.replace(to) : history.push(to)), [history]);
}
