import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { MEDIA_MAX } from '@companion/ui';
import { vars } from '@companion/ui/theme';

const TABLET = MEDIA_MAX.tablet;
const PHONE = MEDIA_MAX.phone;
const DESKTOP = 'screen and (min-width: 1200px)';
export const HEADER_HEIGHT = 64;
export const RAIL_WIDTH = 76;
export const SIDEBAR_WIDTH = 256;
export const BOTTOM_NAV_HEIGHT = 64;

const fadeIn = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px) scale(0.98)' },
  to: { opacity: 1, transform: 'none' },
});

// ── Header ─────────────────────────────────────────────────────────────────────────────────────────────
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

export const logoAccent = style({ color: vars.color.accentText });

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

export const headerActions = style({ marginLeft: 'auto', display: 'flex', alignItems: 'center', gap: 8 });

// ── Menus (profile, tokens) ─────────────────────────────────────────────────────────────────────────────
export const menuRoot = style({ position: 'relative' });

export const menuTrigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 8,
  height: 40,
  padding: '0 10px 0 6px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: 'inherit',
  fontSize: 14,
  fontWeight: 700,
  cursor: 'pointer',
  transition: 'border-color 150ms ease, background 150ms ease',
  ':hover': { borderColor: vars.color.borderStrong, background: vars.color.surfaceHover },
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
});

export const avatar = style({
  width: 28,
  height: 28,
  borderRadius: '50%',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.gradient.accent,
  color: vars.color.onAccent,
  fontSize: 13,
  fontWeight: 800,
});

export const coin = style({
  width: 28,
  height: 28,
  borderRadius: '50%',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: `color-mix(in srgb, ${vars.color.warning} 22%, transparent)`,
  color: vars.color.warning,
});

export const chevron = style({ color: vars.color.textSubtle, display: 'inline-flex' });

export const menuPanel = style({
  position: 'absolute',
  right: 0,
  top: 'calc(100% + 8px)',
  minWidth: 240,
  padding: 6,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.lg,
  zIndex: 70,
  animation: `${fadeIn} 140ms ease-out`,
});

export const menuHeading = style({
  padding: '10px 12px 8px',
  fontSize: 12,
  fontWeight: 700,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.textSubtle,
});

export const menuEmail = style({
  padding: '8px 12px 10px',
  fontSize: 13,
  color: vars.color.textMuted,
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: 4,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const menuItem = style({
  width: '100%',
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  padding: '10px 12px',
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  fontFamily: 'inherit',
  fontSize: 14,
  fontWeight: 600,
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  ':hover': { background: vars.color.surfaceHover },
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: -2 },
});

export const menuItemDanger = style({ color: vars.color.danger });

export const switchTrack = style({
  marginLeft: 'auto',
  width: 36,
  height: 20,
  borderRadius: 999,
  background: vars.color.borderStrong,
  position: 'relative',
  transition: 'background 150ms ease',
  selectors: { '[aria-checked="true"] > &': { background: vars.color.accent } },
});

export const switchThumb = style({
  position: 'absolute',
  top: 2,
  left: 2,
  width: 16,
  height: 16,
  borderRadius: '50%',
  background: '#fff',
  transition: 'transform 150ms ease',
  selectors: { [`[aria-checked="true"] > ${switchTrack} > &`]: { transform: 'translateX(16px)' } },
});

export const costRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  padding: '8px 12px',
  fontSize: 14,
  color: vars.color.textMuted,
});

export const costValue = style({
  marginLeft: 'auto',
  fontWeight: 700,
  color: vars.color.text,
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
});

export const balanceBig = style({
  padding: '4px 12px 12px',
  fontSize: 28,
  fontWeight: 800,
  color: vars.color.text,
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: 4,
  display: 'flex',
  alignItems: 'baseline',
  gap: 6,
});

export const balanceUnit = style({ fontSize: 14, fontWeight: 600, color: vars.color.textMuted });

export const menuFooter = style({ padding: 6, borderTop: `1px solid ${vars.color.border}`, marginTop: 4 });

export const hideOnPhone = style({ '@media': { [PHONE]: { display: 'none' } } });

// ── Layout and sidebar ──────────────────────────────────────────────────────────────────────────────────
export const layout = style({
  display: 'flex',
  minHeight: `calc(100vh - ${HEADER_HEIGHT}px)`,
  '@media': { [DESKTOP]: { paddingLeft: RAIL_WIDTH } },
});

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

export const main = style({
  flex: 1,
  minWidth: 0,
  '@media': { [TABLET]: { paddingBottom: BOTTOM_NAV_HEIGHT } },
});

export const mainNoBottomNav = style({ '@media': { [TABLET]: { paddingBottom: 0 } } });

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: 55,
  background: vars.color.overlay,
  '@media': { [DESKTOP]: { display: 'none' } },
});

// ── Bottom navigation ───────────────────────────────────────────────────────────────────────────────────
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

/** A round accent badge holding an icon: the bottom nav's create button, the modals' hero icon. */
const accentDisc = {
  borderRadius: '50%',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.gradient.accent,
  color: vars.color.onAccent,
  boxShadow: vars.shadow.md,
} as const;

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
  background: vars.color.accent,
  color: vars.color.onAccent,
});

export const bottomSkeleton = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 6,
});

// ── Modals ──────────────────────────────────────────────────────────────────────────────────────────────
export const modalBody = style({ display: 'flex', flexDirection: 'column', gap: 16, textAlign: 'center' });

export const modalLead = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.55, fontSize: 15 });

export const modalTitle = style({ margin: 0, fontSize: 24, fontWeight: 800, color: vars.color.text });

export const modalActions = style({ display: 'flex', gap: 12, justifyContent: 'center' });

globalStyle(`${modalActions} > *`, { flex: 1 });

export const field = style({ display: 'flex', flexDirection: 'column', gap: 6, textAlign: 'left' });

export const fieldLabel = style({ fontSize: 13, fontWeight: 700, color: vars.color.textMuted });

export const input = style({
  height: 48,
  padding: '0 14px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: 'inherit',
  fontSize: 16,
  ':focus': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 1, borderColor: 'transparent' },
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});

export const fieldError = style({ margin: 0, fontSize: 13, color: vars.color.danger });

export const notice = style({
  margin: 0,
  padding: '10px 12px',
  borderRadius: vars.radius.md,
  background: `color-mix(in srgb, ${vars.color.warning} 14%, transparent)`,
  color: vars.color.text,
  fontSize: 14,
});

export const heroIcon = style({ ...accentDisc, alignSelf: 'center', width: 72, height: 72 });

export const smallPrint = style({ margin: 0, fontSize: 12, color: vars.color.textSubtle, lineHeight: 1.5 });

export const desktopOnly = style({ '@media': { [TABLET]: { display: 'none' } } });

export const plainList = style({ listStyle: 'none', margin: 0, padding: 0 });

export const gateWait = style({
  minHeight: '50vh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});

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
