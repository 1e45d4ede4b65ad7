import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

export const field = style({ display: 'flex', flexDirection: 'column', gap: 6, textAlign: 'left' });

export const label = style({ fontSize: 13, fontWeight: 700, color: vars.color.textMuted });

export const input = style({
  height: 48,
  padding: '0 14px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: 'inherit',
  fontSize: 16,
  ':focus': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 1, borderColor: 'transparent' },
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});

export const multiline = style({
  height: 'auto',
  minHeight: 140,
  padding: 14,
  resize: 'vertical',
  lineHeight: 1.5,
});

export const error = style({ margin: 0, fontSize: 13, color: vars.color.danger });
