import type { BrandInfo } from '@companion/contracts';
import { BRANDS, resolveCurrentBrand, type Brand } from './brands.ts';

/**
 * The brand of this page load, resolved once at start-up from the hostname (or the development override).
 * It keeps the foundation's name so the composition root picks up the run-time brand without a change.
 */
export const MAIN_BRAND: Brand = typeof window === 'undefined' ? BRANDS.main : resolveCurrentBrand(window);

/** The full brand model behind a `BrandInfo` handed around in services (falls back to main). */
export function brandOf(info: BrandInfo): Brand {
  return BRANDS[info.id] ?? BRANDS.main;
}
