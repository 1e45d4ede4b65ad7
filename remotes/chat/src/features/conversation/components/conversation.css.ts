import { keyframes, style } from '@vanilla-extract/css';
import { MEDIA_MAX } from '@companion/ui';
import { vars } from '@companion/ui/theme';

export const pane = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: 0,
  height: '100%',
  background: vars.color.bg,
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  minHeight: 64,
  boxSizing: 'border-box',
  '@media': {
    [MEDIA_MAX.phone]: { gap: 2, padding: `${vars.space.sm} ${vars.space.sm}` },
  },
});

export const headerText = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' });

// On a phone the header's icon actions are a little smaller, so the character's name keeps its room.
export const headerAction = style({
  '@media': { [MEDIA_MAX.phone]: { width: 32, minHeight: 32 } },
});

export const headerName = style({
  margin: 0,
  fontSize: vars.text.lg,
  '@media': { [MEDIA_MAX.phone]: { fontSize: vars.text.md } },
  fontWeight: 800,
  color: vars.color.text,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const headerSub = style({ fontSize: vars.text.xs, color: vars.color.textMuted });

export const balance = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  fontWeight: 700,
  fontSize: vars.text.sm,
});

export const scroller = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  overflowAnchor: 'none',
  overscrollBehavior: 'contain',
});

export const row = style({ padding: `${vars.space.xs} ${vars.space.lg}`, boxSizing: 'border-box' });

export const bubbleLine = style({ display: 'flex', flexDirection: 'column', gap: 4 });
export const mine = style({ alignItems: 'flex-end' });
export const theirs = style({ alignItems: 'flex-start' });

export const bubble = style({
  maxWidth: 'min(72ch, 82%)',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: 18,
  fontSize: vars.text.md,
  lineHeight: 1.45,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const bubbleMine = style({
  background: vars.gradient.accent,
  color: vars.color.onAccent,
  borderBottomRightRadius: 6,
});

export const bubbleTheirs = style({
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  borderBottomLeftRadius: 6,
});

export const pendingBubble = style({ opacity: 0.7 });

export const photoPending = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: 120,
  minWidth: 200,
  justifyContent: 'center',
  color: vars.color.textMuted,
  animation: `${keyframes({ '50%': { opacity: 0.55 } })} 1.4s ease-in-out infinite`,
});

export const media = style({
  display: 'block',
  maxWidth: 'min(320px, 70vw)',
  borderRadius: 16,
  overflow: 'hidden',
  position: 'relative',
});

export const mediaItem = style({ display: 'block', width: '100%', height: 'auto' });

export const blurred = style({ filter: 'blur(22px)', transform: 'scale(1.1)' });

export const mediaOverlay = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  background: vars.gradient.mediaScrim,
  color: vars.color.onMedia,
});

export const meta = style({
  display: 'flex',
  alignItems: 'center',
  gap: 2,
  fontSize: vars.text.xs,
  color: vars.color.textSubtle,
});

export const reactionOn = style({ color: vars.color.accent });

/** Like/dislike: shown on the newest reply, on a set reaction, and on hover or keyboard focus elsewhere. */
export const reactions = style({
  display: 'inline-flex',
  opacity: 0,
  transition: 'opacity 120ms ease',
  selectors: {
    [`${bubbleLine}:hover &, ${bubbleLine}:focus-within &, &[data-visible="true"]`]: { opacity: 1 },
  },
});

const blink = keyframes({ '0%, 80%, 100%': { opacity: 0.25 }, '40%': { opacity: 1 } });

export const typing = style({ display: 'inline-flex', gap: 4, padding: '4px 0' });

export const typingDot = style({
  width: 7,
  height: 7,
  borderRadius: '50%',
  background: vars.color.textMuted,
  animation: `${blink} 1.2s infinite ease-in-out`,
  selectors: {
    '&:nth-child(2)': { animationDelay: '0.15s' },
    '&:nth-child(3)': { animationDelay: '0.3s' },
  },
});

export const notice = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  margin: `${vars.space.xs} ${vars.space.lg}`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  fontSize: vars.text.sm,
});

export const noticeError = style({ borderColor: vars.color.danger });

export const older = style({ display: 'flex', justifyContent: 'center', padding: vars.space.sm });

export const composer = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.lg} ${vars.space.md}`,
  paddingBottom: `max(${vars.space.md}, env(safe-area-inset-bottom))`,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const input = style({
  flex: 1,
  resize: 'none',
  minHeight: 44,
  maxHeight: 160,
  boxSizing: 'border-box',
  padding: `10px ${vars.space.md}`,
  borderRadius: 22,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  fontFamily: 'inherit',
  fontSize: vars.text.md,
  lineHeight: 1.4,
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 1 },
  ':disabled': { opacity: 0.6 },
});

export const composerHint = style({
  padding: `0 ${vars.space.lg} ${vars.space.xs}`,
  fontSize: vars.text.xs,
  color: vars.color.textMuted,
  background: vars.color.surface,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
});

export const locked = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  textAlign: 'center',
  margin: vars.space.lg,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
});

export const placeholder = style({
  flex: 1,
  display: 'grid',
  placeItems: 'center',
  color: vars.color.textMuted,
  textAlign: 'center',
  padding: vars.space.xl,
});

export const emptyChat = style({
  margin: 0,
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  textAlign: 'center',
  color: vars.color.textMuted,
  fontSize: vars.text.md,
});
