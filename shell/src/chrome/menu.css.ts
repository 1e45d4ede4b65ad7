import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';
import { roundCentered } from './accent-disc.css.ts';

// The header's menus: profile menu and token menu (trigger, panel, items, theme switch, cost rows).

const fadeIn = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px) scale(0.98)' },
  to: { opacity: 1, transform: 'none' },
});

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
  ...roundCentered,
  width: 28,
  height: 28,
  background: vars.gradient.accent,
  color: vars.color.onAccent,
  fontSize: 13,
  fontWeight: 800,
});

export const coin = style({
  ...roundCentered,
  width: 28,
  height: 28,
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

export const plainList = style({ listStyle: 'none', margin: 0, padding: 0 });
