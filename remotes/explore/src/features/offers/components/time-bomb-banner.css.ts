import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

const HEIGHT = 76;

export const slot = style({ display: 'block', height: HEIGHT, borderRadius: vars.radius.lg });

export const banner = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: 14,
  width: '100%',
  height: HEIGHT,
  padding: '0 16px 0 12px',
  border: 0,
  borderRadius: vars.radius.lg,
  background: `radial-gradient(120% 180% at 0% 0%, rgba(255,255,255,0.18) 0%, rgba(255,255,255,0) 45%), ${vars.gradient.accent}`,
  color: vars.color.onMedia,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  overflow: 'hidden',
  boxShadow: '0 10px 30px rgba(212, 38, 111, 0.28)',
  transition: 'transform 150ms ease',
  selectors: {
    '&:hover': { transform: 'translateY(-1px)' },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
});

export const amount = style({
  display: 'grid',
  placeItems: 'center',
  alignContent: 'center',
  flex: '0 0 auto',
  width: 56,
  height: 56,
  borderRadius: vars.radius.md,
  background: 'rgba(255,255,255,0.16)',
  border: '1px solid rgba(255,255,255,0.28)',
});

export const amountValue = style({ fontSize: vars.text.lg, fontWeight: 800, lineHeight: 1 });

export const amountUnit = style({ fontSize: 10, fontWeight: 700, textTransform: 'uppercase', opacity: 0.85 });

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  minWidth: 0,
  flex: '1 1 auto',
});

export const titleRow = style({ display: 'flex', alignItems: 'center', gap: 8 });

export const title = style({ fontSize: 17, fontWeight: 800, whiteSpace: 'nowrap' });

export const pill = style({
  padding: '2px 8px',
  borderRadius: vars.radius.pill,
  background: vars.color.promoCta,
  color: '#b01f60',
  fontSize: 11,
  fontWeight: 800,
  whiteSpace: 'nowrap',
});

export const label = style({
  fontSize: vars.text.sm,
  fontWeight: 600,
  opacity: 0.92,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export const timerBox = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  flex: '0 0 auto',
});

export const timerCaption = style({
  fontSize: 10,
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
  opacity: 0.8,
  '@media': { 'screen and (max-width: 420px)': { display: 'none' } },
});

export const timer = style({
  fontSize: 22,
  fontWeight: 800,
  color: vars.color.onMedia,
  fontVariantNumeric: 'tabular-nums',
  minWidth: '3.2ch',
  textAlign: 'right',
});

export const cta = style({
  flex: '0 0 auto',
  padding: '9px 18px',
  borderRadius: vars.radius.pill,
  background: vars.color.promoCta,
  color: '#b01f60',
  fontSize: 14,
  fontWeight: 800,
  '@media': { 'screen and (max-width: 550px)': { display: 'none' } },
});
