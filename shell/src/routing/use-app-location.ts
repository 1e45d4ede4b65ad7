import { useSyncExternalStore } from 'react';
import type { AppHistory, AppLocation } from '@companion/contracts';

/** The shell's view of the URL (the single source of truth), re-rendering on every history change. */
export function useAppLocation(history: AppHistory): AppLocation {
  return useSyncExternalStore(history.listen, () => history.location);
}
