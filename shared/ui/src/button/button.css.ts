import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

export const base = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '8px',
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  fontFamily: 'inherit',
  fontWeight: 700,
  lineHeight: 1.2,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  userSelect: 'none',
  transition:
    'background 150ms ease, border-color 150ms ease, color 150ms ease, transform 100ms ease, opacity 150ms ease',
  WebkitTapHighlightColor: 'transparent',
  selectors: {
    '&:active:not([aria-disabled="true"]):not(:disabled)': { transform: 'scale(0.98)' },
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.5 },
    '&[aria-busy="true"]': { cursor: 'progress', opacity: 1 },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': { transition: 'none' },
  },
});

export const variant = styleVariants({
  primary: {
    background: vars.gradient.accent,
    color: vars.color.onAccent,
    boxShadow: vars.shadow.sm,
    selectors: {
      '&:hover:not(:disabled):not([aria-disabled="true"])': { background: vars.gradient.accentHover },
    },
  },
  secondary: {
    background: vars.color.surfaceRaised,
    color: vars.color.text,
    borderColor: vars.color.borderStrong,
    selectors: {
      '&:hover:not(:disabled):not([aria-disabled="true"])': { background: vars.color.surfaceHover },
    },
  },
  ghost: {
    background: 'transparent',
    color: vars.color.text,
    selectors: {
      '&:hover:not(:disabled):not([aria-disabled="true"])': { background: vars.color.surfaceHover },
    },
  },
  danger: {
    background: vars.color.danger,
    color: vars.color.onDanger,
    selectors: {
      '&:hover:not(:disabled):not([aria-disabled="true"])': { background: vars.color.dangerHover },
    },
  },
});

export const size = styleVariants({
  sm: { minHeight: '32px', padding: '6px 12px', fontSize: '14px', borderRadius: vars.radius.sm },
  md: { minHeight: '44px', padding: '10px 20px', fontSize: '16px' },
  lg: { minHeight: '52px', padding: '14px 28px', fontSize: '17px', borderRadius: vars.radius.lg },
});

export const fullWidth = style({ width: '100%' });

// The label keeps its width while loading so the button does not jump.
export const labelHidden = style({ visibility: 'hidden' });

export const spinnerSlot = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});

export const iconOnly = styleVariants({
  sm: { width: '32px', minHeight: '32px', padding: 0, borderRadius: vars.radius.pill },
  md: { width: '44px', minHeight: '44px', padding: 0, borderRadius: vars.radius.pill },
  lg: { width: '52px', minHeight: '52px', padding: 0, borderRadius: vars.radius.pill },
});
