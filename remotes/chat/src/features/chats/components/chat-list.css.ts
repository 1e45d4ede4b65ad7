import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: 0,
  height: '100%',
  minWidth: 0,
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.border}`,
});

export const head = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.sm}`,
});

export const title = style({ margin: 0, fontSize: vars.text.xl, fontWeight: 800, color: vars.color.text });

export const search = style({
  width: '100%',
  boxSizing: 'border-box',
  height: 40,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  fontSize: vars.text.sm,
  fontFamily: 'inherit',
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 1 },
});

export const scroller = style({ overflowY: 'auto', flex: 1, padding: `0 ${vars.space.sm} ${vars.space.lg}` });

export const section = style({
  margin: `${vars.space.md} ${vars.space.sm} ${vars.space.xs}`,
  fontSize: vars.text.xs,
  fontWeight: 700,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.textSubtle,
});

export const items = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
});

export const row = style({ position: 'relative', display: 'flex', alignItems: 'center' });

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  width: '100%',
  padding: `${vars.space.sm} 44px ${vars.space.sm} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  textAlign: 'left',
  cursor: 'pointer',
  fontFamily: 'inherit',
  ':hover': { background: vars.color.surfaceHover },
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: -2 },
  selectors: { '&[aria-current="page"]': { background: vars.color.accentSoft } },
});

export const text = style({ minWidth: 0, flex: 1, display: 'flex', flexDirection: 'column', gap: 2 });

export const nameLine = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });

export const name = style({
  fontWeight: 700,
  fontSize: vars.text.md,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export const preview = style({
  fontSize: vars.text.sm,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export const unreadPreview = style({ color: vars.color.text, fontWeight: 600 });

export const dot = style({
  width: 8,
  height: 8,
  borderRadius: '50%',
  background: vars.color.accent,
  flex: 'none',
});

export const pin = style({ position: 'absolute', right: vars.space.xs });

export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.md,
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  color: vars.color.textMuted,
});

const pulse = keyframes({ '50%': { opacity: 0.55 } });

export const skeletonRow = style({
  display: 'flex',
  gap: vars.space.md,
  alignItems: 'center',
  padding: vars.space.sm,
  animation: `${pulse} 1.4s ease-in-out infinite`,
});

export const skeletonCircle = style({
  width: 48,
  height: 48,
  borderRadius: '50%',
  background: vars.color.skeletonBase,
  flex: 'none',
});

export const skeletonLine = style({ height: 12, borderRadius: 6, background: vars.color.skeletonBase });
