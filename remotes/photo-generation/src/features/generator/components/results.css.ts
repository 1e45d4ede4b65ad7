import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const section = style({ display: 'flex', flexDirection: 'column', gap: 12 });

export const heading = style({ margin: 0, fontSize: 18, fontWeight: 800, color: vars.color.text });

export const progress = style({ margin: '-4px 0 0', fontSize: 14, color: vars.color.textMuted });

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: 12,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    'screen and (min-width: 551px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    'screen and (min-width: 1200px)': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});

export const slot = style({
  position: 'relative',
  aspectRatio: '2 / 3',
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  background: vars.color.skeletonBase,
  color: vars.color.onMedia,
});

const shimmer = keyframes({
  '0%': { backgroundPosition: '200% 0' },
  '100%': { backgroundPosition: '-200% 0' },
});

export const pending = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 10,
  color: vars.color.textMuted,
  fontSize: 14,
  fontWeight: 600,
  backgroundImage: `linear-gradient(90deg, ${vars.color.skeletonBase} 0%, ${vars.color.skeletonHighlight} 50%, ${vars.color.skeletonBase} 100%)`,
  backgroundSize: '200% 100%',
  animation: `${shimmer} 1.6s linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const refunded = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 8,
  padding: 12,
  textAlign: 'center',
  background: vars.color.surfaceRaised,
  border: `1px dashed ${vars.color.borderStrong}`,
  color: vars.color.text,
  fontSize: 14,
  fontWeight: 600,
});

export const photo = style({
  selectors: {
    [`${slot} &`]: { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' },
  },
});

export const actions = style({
  position: 'absolute',
  left: 6,
  right: 6,
  bottom: 6,
  display: 'flex',
  flexWrap: 'wrap',
  gap: 6,
  justifyContent: 'center',
});

// Compact pills over the photo: two fit side by side on a 160 px phone tile.
export const action = style({
  selectors: {
    [`${actions} &`]: {
      minHeight: 30,
      padding: '0 10px',
      fontSize: 12,
      background: 'rgba(12, 11, 16, 0.62)',
      color: vars.color.onMedia,
      backdropFilter: 'blur(6px)',
    },
    [`${actions} &:hover`]: { background: 'rgba(12, 11, 16, 0.82)' },
  },
});

export const error = style({
  margin: 0,
  padding: '10px 12px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  fontSize: 14,
});

export const notice = style({
  margin: 0,
  padding: '10px 12px',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  fontSize: 14,
});

export const empty = style({
  margin: 0,
  padding: 24,
  borderRadius: vars.radius.lg,
  border: `1px dashed ${vars.color.borderStrong}`,
  color: vars.color.textMuted,
  textAlign: 'center',
});

export const date = style({ margin: '4px 0 0', fontSize: 13, fontWeight: 600, color: vars.color.textMuted });
