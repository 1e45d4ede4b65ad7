import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const page = style({ padding: '32px 24px', maxWidth: 880, margin: '0 auto' });

export const centered = style({
  minHeight: '60vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  gap: 12,
  padding: 24,
});

export const code = style({
  fontSize: 96,
  fontWeight: 800,
  lineHeight: 1,
  background: vars.gradient.accent,
  WebkitBackgroundClip: 'text',
  backgroundClip: 'text',
  color: 'transparent',
});

export const title = style({ margin: 0, fontSize: 28, fontWeight: 800, color: vars.color.text });

export const text = style({ margin: 0, color: vars.color.textMuted, maxWidth: 520, lineHeight: 1.6 });

export const link = style({ color: vars.color.accentText, textDecoration: 'none' });

/** A link inside a line of text: underlined, so it does not rely on colour alone (axe link-in-text-block). */
export const inlineLink = style({ color: vars.color.accentText, textDecoration: 'underline' });

export const legalGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  gap: 10,
  padding: 0,
  margin: '24px 0 0',
  listStyle: 'none',
});

export const legalCard = style({
  display: 'block',
  padding: '14px 16px',
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: 600,
  ':hover': { borderColor: vars.color.borderStrong, background: vars.color.surfaceHover },
});

export const legalCardTitle = style({ display: 'block' });

export const legalCardSummary = style({
  display: 'block',
  marginTop: 4,
  fontSize: 13,
  fontWeight: 400,
  lineHeight: 1.45,
  color: vars.color.textMuted,
});

export const legalMetaLine = style({ margin: '8px 0 16px', fontSize: 13, color: vars.color.textMuted });

export const legalHeading = style({
  margin: '28px 0 8px',
  fontSize: 18,
  fontWeight: 700,
  color: vars.color.text,
});

/** Long-form legal text: readable line length, spaced paragraphs and lists. */
export const prose = style({ maxWidth: 720, color: vars.color.textMuted, lineHeight: 1.65, fontSize: 15 });

globalStyle(`${prose} p, ${prose} ul`, { margin: '0 0 10px' });

globalStyle(`${prose} li`, { marginBottom: 6 });

export const legalFooter = style({
  marginTop: 40,
  paddingTop: 20,
  borderTop: `1px solid ${vars.color.border}`,
  display: 'grid',
  gap: 6,
  fontSize: 13,
  color: vars.color.textSubtle,
});

export const legalCompany = style({ fontWeight: 700, color: vars.color.textMuted });

export const legalAddress = style({ fontStyle: 'normal' });

export const legalMeta = style({ display: 'flex', flexWrap: 'wrap', gap: 16 });

// Underlined: inside a line of text a link must not rely on colour alone (axe link-in-text-block).
globalStyle(`${legalFooter} a`, { color: vars.color.accentText, textDecoration: 'underline' });

export const maintenanceArt = style({
  width: 104,
  height: 104,
  borderRadius: '50%',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.color.accentSoft,
  color: vars.color.accentText,
  marginBottom: 8,
});

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
  gap: 16,
  marginTop: 24,
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: 12,
  padding: 20,
  margin: 0,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
});

export const cardTitle = style({ margin: 0, fontSize: 17, fontWeight: 800, color: vars.color.text });

export const formCard = style([card, { alignItems: 'stretch', maxWidth: 560, gap: 16, marginTop: 24 }]);

globalStyle(`${page} > ${title}`, { marginBottom: 12 });

export const inlineForm = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 12,
  alignItems: 'flex-start',
});
