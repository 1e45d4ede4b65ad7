import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

const TABLET = 'screen and (max-width: 1199px)';
const DESKTOP = 'screen and (min-width: 1200px)';
export const HEADER_HEIGHT = 64;
export const SIDEBAR_WIDTH = 240;
export const BOTTOM_NAV_HEIGHT = 64;

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 50,
  height: HEADER_HEIGHT,
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  padding: '0 16px',
  background: vars.color.bg,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const logo = style({
  fontWeight: 800,
  fontSize: 20,
  letterSpacing: '-0.02em',
  color: vars.color.text,
  textDecoration: 'none',
  display: 'flex',
  alignItems: 'center',
  gap: 8,
});

export const logoMark = style({
  width: 28,
  height: 28,
  borderRadius: 8,
  background: vars.gradient.accent,
  display: 'inline-block',
});

export const logoAccent = style({ color: vars.color.accent });

export const headerActions = style({ marginLeft: 'auto', display: 'flex', alignItems: 'center', gap: 8 });

export const menuButton = style({
  '@media': { [DESKTOP]: { display: 'none' } },
});

export const layout = style({ display: 'flex', minHeight: `calc(100vh - ${HEADER_HEIGHT}px)` });

export const sidebar = style({
  width: SIDEBAR_WIDTH,
  flexShrink: 0,
  position: 'sticky',
  top: HEADER_HEIGHT,
  alignSelf: 'flex-start',
  height: `calc(100vh - ${HEADER_HEIGHT}px)`,
  overflowY: 'auto',
  padding: 16,
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
  background: vars.color.bg,
  borderRight: `1px solid ${vars.color.border}`,
  '@media': {
    [TABLET]: {
      position: 'fixed',
      left: 0,
      zIndex: 60,
      transform: `translateX(-100%)`,
      transition: 'transform 200ms ease',
      boxShadow: vars.shadow.lg,
    },
  },
});

export const sidebarOpen = style({
  '@media': { [TABLET]: { transform: 'translateX(0)' } },
});

export const navItem = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 8,
  padding: '10px 12px',
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  textDecoration: 'none',
  fontWeight: 600,
  fontSize: 15,
  ':hover': { background: vars.color.surfaceHover, color: vars.color.text },
  selectors: { '&[aria-current="page"]': { background: vars.color.accentSoft, color: vars.color.text } },
});

export const sidebarFooter = style({
  marginTop: 'auto',
  paddingTop: 16,
  display: 'flex',
  gap: 12,
  fontSize: 12,
});

globalStyle(`${sidebarFooter} a`, { color: vars.color.textSubtle, textDecoration: 'none' });

export const createButton = style({ marginBottom: 12 });

export const main = style({
  flex: 1,
  minWidth: 0,
  '@media': { [TABLET]: { paddingBottom: BOTTOM_NAV_HEIGHT } },
});

export const bottomNav = style({
  display: 'none',
  '@media': {
    [TABLET]: {
      display: 'grid',
      gridTemplateColumns: 'repeat(5, 1fr)',
      position: 'fixed',
      left: 0,
      right: 0,
      bottom: 0,
      zIndex: 50,
      height: BOTTOM_NAV_HEIGHT,
      paddingBottom: 'env(safe-area-inset-bottom)',
      background: vars.color.surface,
      borderTop: `1px solid ${vars.color.border}`,
    },
  },
});

export const bottomNavItem = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 2,
  fontSize: 12,
  fontWeight: 600,
  color: vars.color.textSubtle,
  textDecoration: 'none',
  position: 'relative',
  selectors: { '&[aria-current="page"]': { color: vars.color.accent } },
});

export const backdrop = style({
  display: 'none',
  '@media': {
    [TABLET]: { display: 'block', position: 'fixed', inset: 0, zIndex: 55, background: vars.color.overlay },
  },
});
