import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

// The swipe area is the bubble's line; vertical scrolling stays with the list.
export const swipe = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  alignSelf: 'stretch',
  touchAction: 'pan-y',
});

export const tools = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  fontSize: vars.text.xs,
  color: vars.color.textMuted,
});

export const pager = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 2,
  fontVariantNumeric: 'tabular-nums',
  fontWeight: 700,
});

export const left = style({ display: 'inline-flex', transform: 'rotate(90deg)' });
export const right = style({ display: 'inline-flex', transform: 'rotate(-90deg)' });

export const regenerate = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  padding: `4px ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontWeight: 700,
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: vars.color.accent },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
  },
});

export const price = style({ display: 'inline-flex', color: vars.color.textMuted, fontWeight: 600 });
