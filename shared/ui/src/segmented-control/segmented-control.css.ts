import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

export const root = style({
  display: 'inline-flex',
  gap: vars.space.xs,
  padding: vars.space.xs,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});

export const option = style({
  border: 0,
  borderRadius: vars.radius.pill,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: 'transparent',
  color: vars.color.textMuted,
  font: 'inherit',
  fontSize: vars.text.sm,
  fontWeight: 700,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"], &[aria-selected="true"]': {
      background: vars.gradient.accent,
      color: vars.color.onAccent,
    },
    '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
  },
});
