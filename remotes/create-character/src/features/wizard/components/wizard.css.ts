import { keyframes, style } from '@vanilla-extract/css';
import { MEDIA_MAX, MEDIA_MIN } from '@companion/ui';
import { vars } from '@companion/ui/theme';

const PHONE = MEDIA_MAX.phone;
const WIDE = MEDIA_MIN.desktop;
/** The shell's bottom navigation (64 px) shows up to tablet width; the wizard's buttons sit above it. */
const BOTTOM_NAV = 'calc(64px + env(safe-area-inset-bottom))';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: 24,
  alignItems: 'start',
  '@media': { [WIDE]: { gridTemplateColumns: 'minmax(0, 1fr) 300px' } },
});

export const wizard = style({
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.md,
  minWidth: 0,
  '@media': { [PHONE]: { borderRadius: vars.radius.lg } },
});

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 10,
  padding: '24px 28px 8px',
  '@media': { [PHONE]: { padding: '18px 16px 4px' } },
});

export const stepCount = style({
  margin: 0,
  fontSize: 13,
  fontWeight: 700,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.accentText,
});

export const stepTitle = style({
  margin: '8px 0 0',
  fontSize: 26,
  lineHeight: '32px',
  fontWeight: 800,
  letterSpacing: '-0.02em',
  color: vars.color.text,
  ':focus': { outline: 'none' },
  '@media': { [PHONE]: { fontSize: 21, lineHeight: '28px' } },
});

export const stepLead = style({ margin: 0, color: vars.color.textMuted, fontSize: 15 });

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 28,
  padding: '20px 28px 28px',
  '@media': { [PHONE]: { padding: '16px 16px 24px', gap: 22 } },
});

export const narrow = style({ maxWidth: 320 });

export const sliders = style({ display: 'flex', flexDirection: 'column', gap: 18, maxWidth: 520 });

export const footer = style({
  position: 'sticky',
  bottom: 0,
  display: 'flex',
  justifyContent: 'space-between',
  gap: 12,
  padding: '14px 28px',
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  borderRadius: `0 0 ${vars.radius.xl} ${vars.radius.xl}`,
  zIndex: 2,
  '@media': {
    [MEDIA_MAX.tablet]: { bottom: BOTTOM_NAV },
    [PHONE]: { padding: '12px 16px', borderRadius: `0 0 ${vars.radius.lg} ${vars.radius.lg}` },
  },
});

export const nextButton = style({ minWidth: 160, '@media': { [PHONE]: { flex: 1 } } });

export const price = style({
  display: 'inline-flex',
  marginLeft: 10,
  padding: '2px 10px',
  borderRadius: vars.radius.pill,
  background: 'rgba(255, 255, 255, 0.2)',
});

export const failure = style({
  margin: 0,
  padding: '12px 14px',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.danger}`,
  color: vars.color.text,
  fontSize: 14,
});

export const preview = style({
  display: 'none',
  position: 'sticky',
  top: 88,
  flexDirection: 'column',
  gap: 10,
  '@media': { [WIDE]: { display: 'flex' } },
});

export const previewImage = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '2 / 3',
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.lg,
  objectFit: 'cover',
  background: vars.color.skeletonBase,
});

export const previewEmpty = style({
  display: 'grid',
  placeItems: 'center',
  aspectRatio: '2 / 3',
  padding: 24,
  textAlign: 'center',
  borderRadius: vars.radius.xl,
  border: `2px dashed ${vars.color.borderStrong}`,
  color: vars.color.textMuted,
  fontSize: 14,
});

export const previewName = style({
  margin: 0,
  textAlign: 'center',
  fontSize: 20,
  fontWeight: 800,
  color: vars.color.text,
});

export const summary = style({ display: 'flex', flexDirection: 'column', gap: 12 });

export const summarySection = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: 12,
  padding: '14px 16px',
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  '@media': { [PHONE]: { padding: '12px' } },
});

export const summaryList = style({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
  gap: '10px 18px',
  flex: 1,
});

export const summaryRow = style({ display: 'flex', flexDirection: 'column', gap: 2, fontSize: 14 });

export const summaryTerm = style({ color: vars.color.textMuted, fontSize: 12, fontWeight: 700 });

export const summaryValue = style({ margin: 0, color: vars.color.text, fontWeight: 600 });

export const editButton = style({
  border: 0,
  background: 'transparent',
  color: vars.color.accentText,
  fontWeight: 700,
  fontSize: 14,
  cursor: 'pointer',
  padding: '4px 8px',
  borderRadius: vars.radius.sm,
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}` },
});

const pulse = keyframes({ '0%, 100%': { opacity: 0.7 }, '50%': { opacity: 1 } });

export const creating = style({
  position: 'fixed',
  inset: 0,
  zIndex: 50,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 18,
  background: vars.color.overlay,
  backdropFilter: 'blur(6px)',
  color: vars.color.onMedia,
  fontSize: 18,
  fontWeight: 700,
});

export const creatingImage = style({
  width: 220,
  height: 'auto',
  aspectRatio: '2 / 3',
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.lg,
  animation: `${pulse} 1.6s ease-in-out infinite`,
});
