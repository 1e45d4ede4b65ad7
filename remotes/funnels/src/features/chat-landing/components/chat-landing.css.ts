import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';
import { backdrop, glow, glowLight } from '../../../lib/backdrop.css.ts';

export const page = style([
  backdrop,
  { vars: { [glow]: '#3a1030', [glowLight]: '#f6dbe8' }, padding: vars.space.lg },
]);

export const phone = style({
  width: '100%',
  maxWidth: '480px',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.xl,
  padding: vars.space.lg,
  boxShadow: vars.shadow.lg,
  alignSelf: 'flex-start',
});

export const header = style({ display: 'flex', alignItems: 'center', gap: vars.space.md });

export const avatar = style({
  width: '52px',
  height: '52px',
  borderRadius: vars.radius.pill,
  objectFit: 'cover',
  background: vars.color.surfaceRaised,
});

export const who = style({ display: 'flex', flexDirection: 'column' });
export const name = style({ margin: 0, fontSize: vars.text.lg, fontWeight: 800 });
export const online = style({ color: vars.color.success, fontSize: vars.text.sm });

export const offline = style({ color: vars.color.textMuted, fontSize: vars.text.sm });

export const photo = style({
  width: '100%',
  height: '38vh',
  minHeight: '220px',
  objectPosition: 'top center',
  objectFit: 'cover',
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
});

export const thread = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minHeight: '150px',
});

const appear = keyframes({
  from: { opacity: 0, transform: 'translateY(6px)' },
  to: { opacity: 1, transform: 'none' },
});

export const bubble = style({
  alignSelf: 'flex-start',
  maxWidth: '85%',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: `${vars.radius.lg} ${vars.radius.lg} ${vars.radius.lg} ${vars.radius.sm}`,
  // The card is `surface`, which the light theme's `surfaceRaised` equals: the bubble takes the next step, so it
  // reads as a bubble in both themes.
  background: vars.color.surfaceHover,
  fontSize: vars.text.md,
  lineHeight: 1.45,
  animation: `${appear} 240ms ease-out`,
});

export const typing = style([bubble, { color: vars.color.textMuted }]);

export const replies = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  justifyContent: 'flex-end',
});

export const reply = style({
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.pill,
  border: 'none',
  background: vars.gradient.accent,
  color: vars.color.onAccent,
  font: 'inherit',
  fontWeight: 700,
  cursor: 'pointer',
  ':hover': { background: vars.gradient.accentHover },
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
});

export const note = style({
  margin: 0,
  color: vars.color.textSubtle,
  fontSize: vars.text.xs,
  textAlign: 'center',
});
