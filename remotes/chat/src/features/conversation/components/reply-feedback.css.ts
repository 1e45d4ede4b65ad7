import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const quote = style({
  margin: `0 0 ${vars.space.md}`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderLeft: `3px solid ${vars.color.accent}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.textMuted,
  fontSize: vars.text.sm,
  lineHeight: 1.45,
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space.sm,
  fontSize: vars.text.sm,
  fontWeight: 700,
  color: vars.color.text,
});

export const fieldset = style({ border: 'none', margin: `0 0 ${vars.space.md}`, padding: 0 });

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: 36,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.text.sm,
  fontWeight: 600,
  cursor: 'pointer',
  transition: 'background 120ms ease, border-color 120ms ease, color 120ms ease',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&[aria-pressed="true"]': {
      background: vars.color.accentSoft,
      borderColor: vars.color.accent,
      color: vars.color.accentText,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
});

export const error = style({
  margin: `0 0 ${vars.space.md}`,
  color: vars.color.danger,
  fontSize: vars.text.sm,
});

export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginTop: vars.space.md,
});

export const thanks = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.lg} 0 ${vars.space.sm}`,
  textAlign: 'center',
  color: vars.color.text,
});

export const thanksIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: 48,
  height: 48,
  borderRadius: '50%',
  background: vars.color.accentSoft,
  color: vars.color.accentText,
});

export const thanksText = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.text.sm });
