import { style } from '@vanilla-extract/css';
import { mediaCard, mediaCardMark } from '@companion/ui/media-card';
import { vars } from '@companion/ui/theme';

// The frame and picture are the shared media card primitive (`@companion/ui/media-card`), as on explore.
export { mediaCard as card, mediaCardImage as image } from '@companion/ui/media-card';

// The preview is already drawn from coarse colour masses (ADR 0022); the blur makes it read as "hidden".
export const locked = style({
  selectors: {
    [`${mediaCard} &`]: { filter: 'blur(14px) saturate(1.1)', transform: 'scale(1.15)' },
    [`${mediaCard}:hover &`]: { transform: 'scale(1.2)' },
  },
});

export const shade = style({
  position: 'absolute',
  inset: 0,
  background: vars.gradient.mediaScrim,
  pointerEvents: 'none',
});

export const center = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 10,
  padding: 12,
  textAlign: 'center',
});

export const lockDisc = style({
  display: 'grid',
  placeItems: 'center',
  width: 48,
  height: 48,
  borderRadius: '50%',
  background: 'rgba(12, 11, 16, 0.45)',
  backdropFilter: 'blur(6px)',
  color: vars.color.onMedia,
});

export const unlockPill = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  padding: '8px 14px',
  borderRadius: vars.radius.pill,
  background: vars.gradient.accent,
  color: vars.color.onAccent,
  fontSize: 14,
  fontWeight: 700,
  boxShadow: vars.shadow.md,
  whiteSpace: 'nowrap',
  selectors: { [`${mediaCard}:hover &`]: { background: vars.gradient.accentHover } },
});

export const foot = style({
  position: 'absolute',
  left: 12,
  right: 12,
  bottom: 10,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 8,
  textShadow: '0 1px 8px rgba(0,0,0,0.4)',
});

export const name = style({
  fontSize: 16,
  fontWeight: 800,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const mark = style([mediaCardMark, { background: 'rgba(12, 11, 16, 0.55)' }]);

export const secretMark = style({ position: 'absolute', top: 10, left: 10 });
