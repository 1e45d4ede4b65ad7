import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

// Same height as a grid banner (promo-banner.css.ts), so the slot swaps without a shift.
export const bannerSlot = style({
  display: 'block',
  height: 104,
  borderRadius: vars.radius.lg,
  '@media': { 'screen and (max-width: 550px)': { height: 96 } },
});
