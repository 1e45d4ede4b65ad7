import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

export const toast = style({
  position: 'fixed',
  left: '50%',
  bottom: vars.space.xxl,
  transform: 'translateX(-50%)',
  zIndex: vars.zIndex.modal,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  maxWidth: 'min(480px, calc(100vw - 32px))',
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  fontSize: vars.text.sm,
});

export const tone = styleVariants({
  info: { borderLeft: `4px solid ${vars.color.accent}` },
  success: { borderLeft: `4px solid ${vars.color.success}` },
  error: { borderLeft: `4px solid ${vars.color.danger}` },
});

export const close = style({
  marginLeft: 'auto',
  border: 0,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  display: 'inline-flex',
});
