import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

const base = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 16,
  width: '100%',
  height: 104,
  padding: '0 24px',
  border: 0,
  borderRadius: vars.radius.lg,
  color: '#fff',
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  overflow: 'hidden',
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
  '@media': { 'screen and (max-width: 550px)': { padding: '0 16px', height: 96 } },
});

const variants = styleVariants({
  subscription: {
    background: `radial-gradient(100% 160% at 100% 0%, rgba(255,255,255,0.2) 0%, rgba(255,255,255,0) 50%), linear-gradient(120deg, #2b1240 0%, #7a1e62 55%, #d4266f 100%)`,
  },
  tokens: {
    background: `radial-gradient(100% 160% at 100% 0%, rgba(255,255,255,0.22) 0%, rgba(255,255,255,0) 50%), linear-gradient(120deg, #3a1d08 0%, #a14a12 55%, #e8923a 100%)`,
  },
});

export const subscription = style([base, variants.subscription]);

export const tokens = style([base, variants.tokens]);

export const text = style({ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 });

export const headline = style({
  fontSize: 20,
  fontWeight: 800,
  letterSpacing: '-0.01em',
  '@media': { 'screen and (max-width: 550px)': { fontSize: 17 } },
});

export const detail = style({ fontSize: 14, opacity: 0.88 });

export const cta = style({
  flex: '0 0 auto',
  padding: '10px 20px',
  borderRadius: vars.radius.pill,
  background: '#fff',
  color: '#1b1220',
  fontWeight: 800,
  fontSize: 14,
});
