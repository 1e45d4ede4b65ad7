import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

export const track = style({
  width: '100%',
  height: 8,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceHover,
  overflow: 'hidden',
});

export const fill = style({
  height: '100%',
  borderRadius: vars.radius.pill,
  background: vars.gradient.accent,
  transition: 'width 200ms ease',
});
