import { style } from '@vanilla-extract/css';
import { mediaCardMark } from '@companion/ui/media-card';
import { vars } from '@companion/ui/theme';

// The frame and picture are the shared media card primitive (`@companion/ui/media-card`).
export { mediaCard as card, mediaCardImage as image } from '@companion/ui/media-card';

export const shade = style({
  position: 'absolute',
  inset: 0,
  // Keeps the white name legible on light portraits in both themes.
  background: 'linear-gradient(180deg, rgba(0,0,0,0) 55%, rgba(0,0,0,0.78) 100%)',
  pointerEvents: 'none',
});

export const marks = style({
  position: 'absolute',
  top: 10,
  left: 10,
  // Clear of the lock (30 px at 10 px from the edge, and the gap): in a wider font (the server's first screen paints
  // in the system's, ADR 0453) the marks wrap instead of running under it.
  right: 46,
  display: 'flex',
  gap: 6,
  flexWrap: 'wrap',
});

export const premium = style([mediaCardMark, { background: vars.gradient.accent }]);

export const anime = style([mediaCardMark, { background: 'rgba(12, 11, 16, 0.55)' }]);

export const lock = style({
  position: 'absolute',
  top: 10,
  right: 10,
  display: 'grid',
  placeItems: 'center',
  width: 30,
  height: 30,
  borderRadius: '50%',
  background: 'rgba(12, 11, 16, 0.6)',
  backdropFilter: 'blur(6px)',
  color: vars.color.onMedia,
});

export const foot = style({
  position: 'absolute',
  left: 14,
  right: 14,
  bottom: 12,
  display: 'flex',
  alignItems: 'baseline',
  gap: 8,
  textShadow: '0 1px 8px rgba(0,0,0,0.4)',
});

export const name = style({
  fontSize: vars.text.lg,
  fontWeight: 800,
  letterSpacing: '-0.01em',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const age = style({ fontSize: 16, fontWeight: 500, opacity: 0.85 });
