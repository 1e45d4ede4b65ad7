import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

/** Desktop starts above the tablet width (000 §2.5, `BREAKPOINTS.desktop`). */
const DESKTOP = 'screen and (min-width: 1200px)';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.md,
  maxWidth: 1120,
  margin: '0 auto',
  width: '100%',
  boxSizing: 'border-box',
  '@media': { [DESKTOP]: { padding: vars.space.xl } },
});

export const header = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const title = style({ margin: 0, fontSize: vars.text.xl, color: vars.color.text });

export const lead = style({ margin: 0, fontSize: vars.text.sm, color: vars.color.textMuted });

export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});

export const dateField = style({ flex: '1 1 140px', maxWidth: 220 });

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.sm,
  '@media': { [DESKTOP]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});

export const cardLabel = style({ fontSize: vars.text.xs, color: vars.color.textMuted, fontWeight: 600 });

export const cardValue = style({ fontSize: vars.text.xl, color: vars.color.text, fontWeight: 700 });

export const cardRate = style({ fontSize: vars.text.xs, color: vars.color.textSubtle });

export const panel = style({
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
});

export const panelTitle = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.text.md,
  color: vars.color.text,
});

export const chartNote = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.text.xs,
  color: vars.color.textSubtle,
});

export const chart = style({ display: 'block', width: '100%', height: 'auto' });

export const chartLabel = style({ fill: vars.color.text, fontSize: 13, fontWeight: 600 });

export const chartValue = style({ fill: vars.color.textMuted, fontSize: 12 });

export const chartValueInside = style({ fill: vars.color.onAccent, fontSize: 12, fontWeight: 600 });

export const chartBar = style({ fill: vars.color.accent });

export const tableWrap = style({
  overflowX: 'auto',
  margin: `0 calc(-1 * ${vars.space.md})`,
  padding: `0 ${vars.space.md}`,
});

export const table = style({
  width: '100%',
  minWidth: 640,
  borderCollapse: 'collapse',
  fontSize: vars.text.sm,
  color: vars.color.text,
});

export const th = style({
  textAlign: 'left',
  fontWeight: 600,
  fontSize: vars.text.xs,
  color: vars.color.textMuted,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
});

export const td = style({
  padding: `${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
});

export const num = style({ textAlign: 'right' });

export const rateNote = style({ display: 'block', fontSize: vars.text.xs, color: vars.color.textSubtle });

export const conversionBar = style({
  display: 'block',
  height: 6,
  marginTop: vars.space.xxs,
  borderRadius: vars.radius.pill,
  background: vars.color.accentSoft,
  overflow: 'hidden',
});

export const conversionFill = style({ display: 'block', height: '100%', background: vars.color.success });

export const message = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.text.sm });
