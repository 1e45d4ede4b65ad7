import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const unlocked = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  margin: `0 ${vars.space.lg} ${vars.space.sm}`,
  padding: vars.space.sm,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.accent}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.text.sm,
});

export const unlockedText = style({ flex: 1, fontWeight: 700 });

export const thumb = style({ width: 48, height: 64, objectFit: 'cover', borderRadius: vars.radius.md });

export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
  gap: vars.space.sm,
});

export const cell = style({ aspectRatio: '3 / 4', borderRadius: vars.radius.md, overflow: 'hidden' });

export const photo = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });

export const empty = style({ color: vars.color.textMuted });
