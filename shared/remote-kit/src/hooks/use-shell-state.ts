import type { BrandInfo, ThemeMode } from '@companion/contracts';
import { useBusState, useMountProps } from '../remote-context.tsx';

/**
 * The theme in force: the live `theme:changed` state, else the snapshot the remote was mounted with (the mount
 * prop does not follow later changes; the bus does).
 */
export function useTheme(): ThemeMode {
  const fromBus = useBusState('theme:changed')?.mode;
  const { theme } = useMountProps();
  return fromBus ?? theme;
}

/** The brand this page serves (fixed for the page's life). */
export function useBrand(): BrandInfo {
  return useMountProps().brand;
}
