import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: 16,
  '@media': {
    'screen and (max-width: 767px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 10 },
  },
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.sm,
});

export const media = style({ position: 'relative', display: 'block', color: 'inherit' });

export const portrait = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '2 / 3',
  objectFit: 'cover',
  display: 'block',
});

export const mediaText = style({
  position: 'absolute',
  insetInline: 0,
  bottom: 0,
  padding: '40px 12px 12px',
  background: vars.gradient.mediaScrim,
  color: vars.color.onMedia,
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
});

export const name = style({ margin: 0, fontSize: 18, fontWeight: 800, overflowWrap: 'anywhere' });

export const meta = style({ margin: 0, fontSize: 13, color: vars.color.onMediaMuted });

export const sort = style({ alignSelf: 'flex-start', marginBottom: 14 });

export const actions = style({ display: 'flex', gap: 6, padding: 10, flexWrap: 'wrap' });

export const chat = style({ flex: '1 1 100%' });

export const small = style({ flex: 1 });

export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 14,
  padding: '56px 20px',
  textAlign: 'center',
  borderRadius: vars.radius.xl,
  border: `2px dashed ${vars.color.borderStrong}`,
  color: vars.color.textMuted,
});

export const emptyTitle = style({ margin: 0, fontSize: 20, fontWeight: 800, color: vars.color.text });

export const undo = style({
  position: 'fixed',
  left: '50%',
  bottom: 24,
  transform: 'translateX(-50%)',
  zIndex: 40,
  display: 'flex',
  alignItems: 'center',
  gap: 14,
  padding: '10px 12px 10px 18px',
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.borderStrong}`,
  boxShadow: vars.shadow.lg,
  color: vars.color.text,
  fontSize: 14,
  fontWeight: 600,
  maxWidth: 'calc(100vw - 24px)',
  '@media': { 'screen and (max-width: 767px)': { bottom: 84 } },
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: 16 });

export const formActions = style({ display: 'flex', justifyContent: 'flex-end', gap: 10 });

export const error = style({ margin: 0, color: vars.color.danger, fontSize: 14 });
