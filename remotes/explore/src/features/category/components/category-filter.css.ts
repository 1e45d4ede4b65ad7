import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const bar = style({
  display: 'flex',
  gap: 8,
  overflowX: 'auto',
  scrollbarWidth: 'none',
  // Room for the focus ring inside the scroll box.
  padding: 3,
  margin: -3,
});

export const chip = style({
  flex: '0 0 auto',
  height: 38,
  padding: '0 16px',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.textMuted,
  font: 'inherit',
  fontSize: 14,
  fontWeight: 700,
  cursor: 'pointer',
  transition: 'background 150ms ease, color 150ms ease, border-color 150ms ease',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.surfaceHover, color: vars.color.text },
    '&[aria-pressed="true"]': {
      background: vars.gradient.accent,
      borderColor: 'transparent',
      color: vars.color.onAccent,
    },
    '&:disabled': { opacity: 0.45, cursor: 'not-allowed' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
});
