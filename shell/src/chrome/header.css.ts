import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';
import { PHONE, DESKTOP, HEADER_HEIGHT } from './chrome-sizes.ts';

// The header (logo, top navigation, action buttons); the sidebar's drawer head reuses its logo and icon button.

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 50,
  height: HEADER_HEIGHT,
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  padding: '0 20px 0 14px',
  background: `color-mix(in srgb, ${vars.color.bg} 88%, transparent)`,
  backdropFilter: 'saturate(180%) blur(14px)',
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [PHONE]: { padding: '0 12px 0 8px', gap: 6 } },
});

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 40,
  height: 40,
  flexShrink: 0,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  transition: 'background 150ms ease, color 150ms ease',
  ':hover': { background: vars.color.surfaceHover, color: vars.color.text },
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
});

export const logo = style({
  fontWeight: 800,
  fontSize: 20,
  letterSpacing: '-0.02em',
  color: vars.color.text,
  textDecoration: 'none',
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  flexShrink: 0,
  '@media': { [PHONE]: { fontSize: 18 } },
});

export const logoMark = style({
  width: 30,
  height: 30,
  borderRadius: 9,
  background: vars.gradient.accent,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: vars.color.onAccent,
  boxShadow: vars.shadow.sm,
});

export const topNav = style({
  display: 'none',
  '@media': {
    [DESKTOP]: {
      display: 'flex',
      alignItems: 'center',
      gap: 2,
      marginLeft: 24,
      minWidth: 0,
      overflow: 'hidden',
    },
  },
});

export const topNavItem = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  padding: '8px 12px',
  borderRadius: vars.radius.pill,
  color: vars.color.textMuted,
  textDecoration: 'none',
  fontWeight: 600,
  fontSize: 14,
  whiteSpace: 'nowrap',
  transition: 'background 150ms ease, color 150ms ease',
  ':hover': { color: vars.color.text, background: vars.color.surfaceHover },
  selectors: { '&[aria-current="page"]': { color: vars.color.text, background: vars.color.surface } },
});

/** Create Character stands out as the sidebar's primary button does. */
export const topNavCreate = style({
  color: vars.color.accentText,
  ':hover': { color: vars.color.accentText },
});

export const headerActions = style({ marginLeft: 'auto', display: 'flex', alignItems: 'center', gap: 8 });

const wiggle = keyframes({
  '0%, 86%, 100%': { transform: 'rotate(0)' },
  '90%': { transform: 'rotate(-12deg)' },
  '94%': { transform: 'rotate(10deg)' },
});

export const giftButton = style([
  iconButton,
  {
    color: vars.color.accentText,
    background: vars.color.accentSoft,
    animation: `${wiggle} 4s ease-in-out infinite`,
    '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
  },
]);

// Logged in, the header carries the bonus, balance and profile controls: narrow phones drop the brand name.
export const logoTextCompact = style({ '@media': { 'screen and (max-width: 419px)': { display: 'none' } } });
