import { style } from '@vanilla-extract/css';
import { assignVars } from '@vanilla-extract/css';
import { LIGHT, vars } from '@companion/ui/theme';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 20,
  padding: '24px 24px 48px',
  maxWidth: 1240,
  margin: '0 auto',
  width: '100%',
  '@media': { 'screen and (max-width: 767px)': { padding: '14px 12px 32px', gap: 14 } },
});

/** `/create-character-white`: the same wizard on the light palette, whatever the app theme (newGirl brand). */
export const white = style({
  vars: assignVars(vars, LIGHT),
  background: vars.color.bg,
  color: vars.color.text,
  colorScheme: 'light',
  minHeight: '100%',
});

export const intro = style({ display: 'flex', flexDirection: 'column', gap: 6 });

export const title = style({
  margin: 0,
  fontSize: 30,
  lineHeight: '38px',
  fontWeight: 800,
  letterSpacing: '-0.02em',
  color: vars.color.text,
  '@media': { 'screen and (max-width: 767px)': { fontSize: 23, lineHeight: '30px' } },
});

export const lead = style({ margin: 0, color: vars.color.textMuted, fontSize: 15 });
