import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

export const previous = style({ marginRight: vars.space.xs, color: vars.color.textSubtle, fontWeight: 400 });

export const tokenCost = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  fontWeight: 700,
});
