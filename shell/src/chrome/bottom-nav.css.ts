import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';
import { TABLET, BOTTOM_NAV_HEIGHT } from './chrome-sizes.ts';
import { accentDisc } from './accent-disc.css.ts';

// The bottom navigation at tablet and phone sizes.

export const bottomNav = style({
  display: 'none',
  '@media': {
    [TABLET]: {
      display: 'grid',
      gridAutoFlow: 'column',
      gridAutoColumns: '1fr',
      position: 'fixed',
      left: 0,
      right: 0,
      bottom: 0,
      zIndex: 50,
      height: `calc(${BOTTOM_NAV_HEIGHT}px + env(safe-area-inset-bottom))`,
      paddingBottom: 'env(safe-area-inset-bottom)',
      background: `color-mix(in srgb, ${vars.color.surface} 92%, transparent)`,
      backdropFilter: 'saturate(180%) blur(14px)',
      borderTop: `1px solid ${vars.color.border}`,
    },
  },
});

export const bottomNavItem = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 3,
  fontSize: 11,
  fontWeight: 700,
  color: vars.color.textSubtle,
  textDecoration: 'none',
  position: 'relative',
  transition: 'color 150ms ease',
  ':hover': { color: vars.color.text },
  selectors: { '&[aria-current="page"]': { color: vars.color.accentText } },
});

export const bottomCreate = style({ ...accentDisc, width: 44, height: 44 });

export const bottomBadge = style({
  position: 'absolute',
  top: 5,
  left: '50%',
  marginLeft: 6,
  padding: '1px 5px',
  borderRadius: 999,
  fontSize: 9,
  fontWeight: 800,
  letterSpacing: '0.02em',
  // The gradient, not the flat dark-theme accent: white on #ff5c9d is 2.9:1, on the gradient's stops AA
  // (shared/ui palettes test), found by axe-core.
  background: vars.gradient.accent,
  color: vars.color.onAccent,
});

export const bottomSkeleton = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 6,
});
