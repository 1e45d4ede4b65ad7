import type { BrandInfo } from '@companion/contracts';
import { FONT_STACKS } from '@companion/ui';

/** The default brand; the hostname map and per-brand route sets arrive with the shell issue. */
export const MAIN_BRAND: BrandInfo = {
  id: 'main',
  name: 'Companion',
  fontFamily: FONT_STACKS.manrope,
  supportEmail: 'support@companion.local',
};
