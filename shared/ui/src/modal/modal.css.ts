import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { MEDIA_MAX } from '../breakpoints.ts';
import { vars } from '../theme/contract.css.ts';
import { MODAL_WIDTHS } from './modal-widths.ts';

const PHONE = MEDIA_MAX.phone;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

const fadeIn = keyframes({ from: { opacity: 0 } });
const rise = keyframes({ from: { opacity: 0, transform: 'translateY(12px) scale(0.98)' } });
const slideUp = keyframes({ from: { transform: 'translateY(24px)', opacity: 0 } });

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.modal,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '16px',
  background: vars.color.overlay,
  backdropFilter: 'blur(6px)',
  WebkitBackdropFilter: 'blur(6px)',
  animation: `${fadeIn} 160ms ease-out`,
  '@media': {
    // Phones: a sheet from the bottom edge, as tall as its content (ADR 0286).
    [PHONE]: { padding: 0, alignItems: 'flex-end' },
    [REDUCED_MOTION]: { animation: 'none' },
  },
});

export const panel = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  maxHeight: 'calc(100dvh - 32px)',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.lg,
  padding: '24px',
  outline: 'none',
  animation: `${rise} 200ms cubic-bezier(0.2, 0.8, 0.2, 1)`,
  '@media': {
    // A bottom sheet on phones: as tall as its content, up to the screen less a strip of the page above it (so it
    // reads as a layer over the page, not a page of its own with an empty lower half).
    [PHONE]: {
      maxWidth: 'none',
      maxHeight: 'calc(100dvh - 24px)',
      borderRadius: `${vars.radius.xl} ${vars.radius.xl} 0 0`,
      borderWidth: '1px 0 0',
      padding: '20px 16px calc(20px + env(safe-area-inset-bottom))',
      animation: `${slideUp} 220ms cubic-bezier(0.2, 0.8, 0.2, 1)`,
    },
    [REDUCED_MOTION]: { animation: 'none' },
  },
});

export const size = styleVariants(MODAL_WIDTHS, (width) => ({ maxWidth: `${width}px` }));

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: '12px',
  marginBottom: '16px',
});

export const title = style({
  fontSize: '20px',
  lineHeight: 1.3,
  fontWeight: 700,
  letterSpacing: '-0.01em',
});

export const closeButton = style({
  marginTop: '-6px',
  marginRight: '-8px',
  marginLeft: 'auto',
  color: vars.color.textMuted,
});

// With no visible header the close control floats over the content.
export const floatingClose = style({
  position: 'absolute',
  top: '12px',
  right: '12px',
  zIndex: 1,
  color: vars.color.textMuted,
});

export const body = style({
  flex: 1,
  minHeight: 0,
});
