import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';
import { TABLET, PHONE, DESKTOP, HEADER_HEIGHT, RAIL_WIDTH, SIDEBAR_WIDTH } from './chrome-sizes.ts';

// The sidebar: desktop rail, drawer at tablet size, items and footer links.

export const sidebar = style({
  position: 'fixed',
  top: HEADER_HEIGHT,
  left: 0,
  bottom: 0,
  zIndex: 60,
  width: RAIL_WIDTH,
  overflowX: 'hidden',
  overflowY: 'auto',
  padding: '16px 12px',
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  background: vars.color.bg,
  borderRight: `1px solid ${vars.color.border}`,
  transition: 'width 200ms ease, transform 220ms ease, box-shadow 200ms ease',
  '@media': {
    [TABLET]: {
      top: 0,
      width: SIDEBAR_WIDTH + 24,
      padding: '16px 14px',
      transform: 'translateX(-100%)',
      visibility: 'hidden',
      transition: 'transform 220ms ease, visibility 0s linear 220ms',
    },
  },
});

export const sidebarOpen = style({
  width: SIDEBAR_WIDTH,
  boxShadow: vars.shadow.lg,
  '@media': {
    [TABLET]: {
      width: SIDEBAR_WIDTH + 24,
      transform: 'translateX(0)',
      visibility: 'visible',
      transition: 'transform 220ms ease, visibility 0s',
    },
  },
});

export const drawerHead = style({
  display: 'none',
  '@media': {
    [TABLET]: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 16 },
  },
});

export const navItem = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: 14,
  minHeight: 44,
  padding: '0 14px',
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  textDecoration: 'none',
  fontWeight: 600,
  fontSize: 15,
  whiteSpace: 'nowrap',
  flexShrink: 0,
  transition: 'background 150ms ease, color 150ms ease',
  ':hover': { background: vars.color.surfaceHover, color: vars.color.text },
  selectors: {
    '&[aria-current="page"]': { background: vars.color.accentSoft, color: vars.color.text },
  },
});

export const navIcon = style({ display: 'inline-flex', flexShrink: 0, width: 24, justifyContent: 'center' });

export const navLabel = style({
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  transition: 'opacity 150ms ease',
});

// A collapsed desktop rail keeps labels in the accessibility tree but out of sight.
globalStyle(`${sidebar}:not(${sidebarOpen}) ${navLabel}`, {
  '@media': { [DESKTOP]: { opacity: 0, pointerEvents: 'none' } },
});

export const newDot = style({
  position: 'absolute',
  top: 8,
  left: 34,
  width: 8,
  height: 8,
  borderRadius: '50%',
  background: vars.color.accent,
  boxShadow: `0 0 0 2px ${vars.color.bg}`,
  '@media': { [TABLET]: { display: 'none' } },
});

globalStyle(`${sidebarOpen} ${newDot}`, { display: 'none' });

export const createButton = style({
  marginBottom: 12,
  background: vars.gradient.accent,
  color: vars.color.onAccent,
  boxShadow: vars.shadow.sm,
  ':hover': { background: vars.gradient.accentHover, color: vars.color.onAccent },
  selectors: { '&[aria-current="page"]': { background: vars.gradient.accent, color: vars.color.onAccent } },
});

export const contactItem = style({ '@media': { [PHONE]: { display: 'none' } } });

export const sidebarFooter = style({
  marginTop: 'auto',
  paddingTop: 16,
  display: 'flex',
  flexDirection: 'column',
  gap: 6,
  fontSize: 12,
  whiteSpace: 'nowrap',
});

globalStyle(`${sidebarFooter} a`, {
  color: vars.color.textSubtle,
  textDecoration: 'none',
  padding: '2px 14px',
});

globalStyle(`${sidebarFooter} a:hover`, { color: vars.color.text });

globalStyle(`${sidebar}:not(${sidebarOpen}) ${sidebarFooter}`, {
  '@media': { [DESKTOP]: { opacity: 0, pointerEvents: 'none' } },
});

// Checkout's promo banners slot: hidden in the collapsed rail, like the footer.
export const promo = style({ marginTop: 12 });
globalStyle(`${sidebar}:not(${sidebarOpen}) ${promo}`, {
  '@media': { [DESKTOP]: { display: 'none' } },
});
