import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

// The explore grid's steps (000 §2.4): ≤550 → 2, ≤768 → 3, ≤1750 → 4, above → 5.
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: 10,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    'screen and (min-width: 551px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 14 },
    'screen and (min-width: 769px)': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 16 },
    'screen and (min-width: 1751px)': { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: 18 },
  },
});

export const skeleton = style({ aspectRatio: '2 / 3', width: '100%', height: 'auto' });

export const more = style({ display: 'flex', justifyContent: 'center', padding: '8px 0 0' });

export const empty = style({
  display: 'grid',
  placeItems: 'center',
  gap: 8,
  minHeight: 240,
  padding: 24,
  borderRadius: vars.radius.lg,
  border: `1px dashed ${vars.color.borderStrong}`,
  background: vars.color.surface,
  textAlign: 'center',
});

export const emptyTitle = style({ margin: 0, fontSize: 18, fontWeight: 700, color: vars.color.text });

export const emptyText = style({ margin: 0, color: vars.color.textMuted, fontSize: 15 });
