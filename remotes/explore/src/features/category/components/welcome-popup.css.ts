import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const text = style({ margin: '0 0 20px', color: vars.color.textMuted, lineHeight: 1.5 });

export const choices = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 });

const base = style({
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'flex-end',
  gap: 4,
  position: 'relative',
  overflow: 'hidden',
  isolation: 'isolate',
  minHeight: 220,
  // The dialog fills a phone's screen: taller portraits use it instead of leaving it empty.
  '@media': { 'screen and (max-width: 550px)': { minHeight: 0, aspectRatio: '3 / 4.6' } },
  padding: 18,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.onMedia,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  transition: 'transform 150ms ease, box-shadow 150ms ease',
  selectors: {
    '&:hover': { transform: 'translateY(-2px)', boxShadow: vars.shadow.md },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
});

export const choice = styleVariants({
  realistic: [base, { background: 'linear-gradient(160deg, #e0795f 0%, #8e2b4f 100%)' }],
  anime: [base, { background: 'linear-gradient(160deg, #7b6cf6 0%, #c03fa8 100%)' }],
});

export const cover = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  objectPosition: 'center 25%',
  zIndex: -1,
  // The style's colour shows through at the foot, where the label sits.
  maskImage: 'linear-gradient(180deg, #000 45%, transparent 100%)',
  WebkitMaskImage: 'linear-gradient(180deg, #000 45%, transparent 100%)',
});

export const label = style({ fontSize: 20, fontWeight: 800 });

export const hint = style({ fontSize: vars.text.sm, opacity: 0.85 });
