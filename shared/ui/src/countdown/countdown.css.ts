import { style } from '@vanilla-extract/css';

// Equal-width digits so the timer does not jitter as it ticks.
export const countdown = style({
  fontVariantNumeric: 'tabular-nums',
  fontFeatureSettings: '"tnum"',
});
