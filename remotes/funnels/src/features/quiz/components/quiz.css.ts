import { createVar, globalStyle, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';
import { backdrop, glow, glowLight } from '../../../lib/backdrop.css.ts';

const tint = createVar();

// The variant's tone: the glow behind the page and the tint of chosen answers; the theme (dark, or light by the
// query flag) still gives surfaces and text.
export const tone = styleVariants({
  gray: { vars: { [glow]: '#3b3f4d', [glowLight]: '#d9dce5', [tint]: vars.color.accent } },
  black: { vars: { [glow]: '#3a0d1e', [glowLight]: '#f1d9e2', [tint]: '#ff3d6e' } },
  white: { vars: { [glow]: '#2f3340', [glowLight]: '#ffffff', [tint]: vars.color.accent } },
  anime: { vars: { [glow]: '#3f1d5c', [glowLight]: '#ecdcff', [tint]: '#b86bff' } },
});

export const page = style([backdrop, { padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.xxl}` }]);

export const column = style({
  width: '100%',
  maxWidth: '560px',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});

export const topBar = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, minHeight: '40px' });
export const progress = style({ flex: 1 });
export const stepCount = style({ fontSize: vars.text.sm, color: vars.color.textMuted, whiteSpace: 'nowrap' });

export const backButton = style({
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  fontSize: vars.text.lg,
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
});

export const title = style({
  margin: 0,
  fontSize: vars.text.xl,
  lineHeight: 1.2,
  fontWeight: 800,
  '@media': { 'screen and (min-width: 768px)': { fontSize: vars.text.xxl } },
});

export const lead = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.text.md,
  lineHeight: 1.5,
});

export const eyebrow = style({
  alignSelf: 'flex-start',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.bg,
  color: tint,
  fontSize: vars.text.xs,
  fontWeight: 700,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
});

export const wide = style({ maxWidth: '1040px' });

const DESKTOP = 'screen and (min-width: 900px)';

export const hero = style({
  display: 'grid',
  gridTemplateAreas: '"media" "text"',
  gap: vars.space.lg,
  '@media': {
    [DESKTOP]: {
      gridTemplateColumns: '1fr 1fr',
      gridTemplateAreas: '"media heading" "media text"',
      gridTemplateRows: '1fr auto',
      columnGap: vars.space.xxl,
      rowGap: vars.space.lg,
    },
  },
});

export const heroText = style({
  gridArea: 'text',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  '@media': { [DESKTOP]: { alignSelf: 'start' } },
});

export const heroMedia = style({
  gridArea: 'media',
  position: 'relative',
  overflow: 'hidden',
  borderRadius: vars.radius.xl,
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.lg,
  height: '50vh',
  minHeight: '280px',
  '@media': { [DESKTOP]: { height: 'min(78vh, 640px)' } },
});

export const heroImage = style({
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  objectPosition: 'top center',
});

// On a phone the heading lies over the foot of the picture; on a desktop it heads the text column.
export const heroHeading = style({
  gridArea: 'media',
  alignSelf: 'end',
  zIndex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: `${vars.space.xxl} ${vars.space.lg} ${vars.space.lg}`,
  borderRadius: `0 0 ${vars.radius.xl} ${vars.radius.xl}`,
  background: vars.gradient.mediaScrim,
  color: vars.color.onMedia,
  '@media': {
    [DESKTOP]: {
      gridArea: 'heading',
      padding: 0,
      background: 'none',
      color: vars.color.text,
      borderRadius: 0,
    },
  },
});

export const perks = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.text.sm,
});
globalStyle(`${perks} li::before`, {
  content: '"✓"',
  color: tint,
  fontWeight: 800,
  marginRight: vars.space.sm,
});

export const pictures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  '@media': { 'screen and (min-width: 768px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

const answerBase = style({
  position: 'relative',
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.lg,
  cursor: 'pointer',
  textAlign: 'left',
  font: 'inherit',
  transition: 'border-color 120ms ease, transform 120ms ease',
  ':hover': { borderColor: tint },
  ':active': { transform: 'scale(0.98)' },
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  selectors: { '&[aria-pressed="true"]': { borderColor: tint, background: vars.color.accentSoft } },
});

export const pictureAnswer = style([answerBase, { padding: 0, overflow: 'hidden' }]);

export const pictureImage = style({
  display: 'block',
  width: '100%',
  aspectRatio: '3 / 4',
  objectFit: 'cover',
  background: vars.color.surfaceRaised,
});

export const pictureLabel = style({
  position: 'absolute',
  insetInline: 0,
  bottom: 0,
  padding: `${vars.space.xl} ${vars.space.md} ${vars.space.md}`,
  background: vars.gradient.mediaScrim,
  color: vars.color.onMedia,
  fontWeight: 700,
  fontSize: vars.text.md,
});

export const list = style({ display: 'grid', gap: vars.space.sm });

export const listAnswer = style([
  answerBase,
  {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.md,
    padding: `${vars.space.md} ${vars.space.lg}`,
    minHeight: '60px',
  },
]);

export const emoji = style({ fontSize: vars.text.xl, lineHeight: 1 });
export const answerText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });
export const answerLabel = style({ fontWeight: 700, fontSize: vars.text.md });
export const answerHint = style({ color: vars.color.textMuted, fontSize: vars.text.sm });

export const cta = style({ marginTop: vars.space.sm });

export const fallback = style({ minHeight: '60vh' });

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const chip = style([
  answerBase,
  { padding: `${vars.space.sm} ${vars.space.lg}`, borderRadius: vars.radius.pill, fontWeight: 600 },
]);

const pulse = keyframes({ '0%': { opacity: 0.35 }, '50%': { opacity: 1 }, '100%': { opacity: 0.35 } });

export const generating = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.lg,
  textAlign: 'center',
  paddingTop: vars.space.xl,
});

export const generatingImage = style({
  width: '220px',
  aspectRatio: '3 / 4',
  objectFit: 'cover',
  objectPosition: 'top center',
  borderRadius: vars.radius.xl,
  animation: `${pulse} 1.6s ease-in-out infinite`,
  filter: 'blur(6px)',
});

export const lines = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });
export const line = style({
  color: vars.color.textSubtle,
  selectors: { '&[data-done="true"]': { color: vars.color.text } },
});
globalStyle(`${line}[data-done="true"]::before`, { content: '"✓ "', color: tint });

export const actions = style({ display: 'grid', gap: vars.space.sm });

export const note = style({
  color: vars.color.textSubtle,
  fontSize: vars.text.xs,
  textAlign: 'center',
  margin: 0,
});

export const error = style({ color: vars.color.danger, fontSize: vars.text.sm, margin: 0 });
