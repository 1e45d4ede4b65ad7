import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const page = style({ padding: '28px 20px 48px', maxWidth: 1120, margin: '0 auto' });

export const pageHead = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: 16,
  marginBottom: 20,
});

export const title = style({ margin: 0, fontSize: 28, fontWeight: 800, color: vars.color.text });

export const lead = style({
  margin: '6px 0 0',
  color: vars.color.textMuted,
  lineHeight: 1.5,
  wordBreak: 'break-word',
});

export const notice = style({
  margin: '0 0 16px',
  padding: '10px 14px',
  borderRadius: vars.radius.md,
  background: vars.color.accentSoft,
  color: vars.color.text,
});

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))',
  gap: 14,
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 10,
  padding: 16,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  minWidth: 0,
});

export const cardHead = style({ display: 'flex', alignItems: 'center', gap: 10, flexWrap: 'wrap' });

export const remoteName = style({ margin: 0, fontSize: 18, fontWeight: 700, color: vars.color.text });

export const version = style({
  padding: '2px 10px',
  borderRadius: vars.radius.pill,
  background: vars.gradient.accent,
  color: vars.color.onAccent,
  fontWeight: 700,
  fontSize: 13,
  fontVariantNumeric: 'tabular-nums',
});

export const meta = style({ margin: 0, fontSize: 13, color: vars.color.textMuted });

export const metaBad = style([meta, { color: vars.color.danger, fontWeight: 600 }]);

export const who = style({ color: vars.color.text, fontWeight: 600 });

export const integrity = style({
  margin: 0,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: 11,
  color: vars.color.textSubtle,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const checks = style({ display: 'flex', flexWrap: 'wrap', gap: 6 });

const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  padding: '3px 10px',
  borderRadius: vars.radius.pill,
  fontSize: 12,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
});

export const check = styleVariants({
  ok: [chip],
  warn: [chip, { borderColor: vars.color.warning, color: vars.color.warning }],
  bad: [chip, { borderColor: vars.color.danger, color: vars.color.danger, fontWeight: 600 }],
});

export const dot = style({ width: 7, height: 7, borderRadius: '50%', background: 'currentColor' });

export const subhead = style({
  margin: '4px 0 0',
  fontSize: 12,
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
  color: vars.color.textSubtle,
});

export const versions = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 });

export const versionRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  minHeight: 36,
  padding: '4px 4px 4px 10px',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
});

export const versionName = style({
  flex: 1,
  fontWeight: 600,
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
});

export const sectionTitle = style({
  margin: '32px 0 12px',
  fontSize: 20,
  fontWeight: 800,
  color: vars.color.text,
});

export const timeline = style({
  listStyle: 'none',
  margin: 0,
  padding: '0 0 0 4px',
  borderLeft: `2px solid ${vars.color.border}`,
  display: 'grid',
  gap: 14,
});

export const event = style({ display: 'flex', gap: 12, alignItems: 'flex-start', marginLeft: -9 });

const eventDotBase = style({
  flex: 'none',
  width: 14,
  height: 14,
  marginTop: 3,
  borderRadius: '50%',
  border: `3px solid ${vars.color.bg}`,
});

export const eventDot = styleVariants({
  deploy: [eventDotBase, { background: vars.color.success }],
  rollback: [eventDotBase, { background: vars.color.warning }],
});

export const eventTitle = style({ margin: 0, color: vars.color.text, fontSize: 14 });

export const canary = style({
  margin: 0,
  padding: '8px 12px',
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.warning}`,
  fontSize: 13,
  color: vars.color.text,
});
