import { style } from '@vanilla-extract/css';
import { assignVars } from '@vanilla-extract/css';
import { pageFrame, pageIntro, pageLead } from '@companion/ui/page';
import { LIGHT, vars } from '@companion/ui/theme';

export const page = pageFrame.narrow;

/** `/create-character-white`: the same wizard on the light palette, whatever the app theme (newGirl brand). */
export const white = style({
  vars: assignVars(vars, LIGHT),
  background: vars.color.bg,
  color: vars.color.text,
  colorScheme: 'light',
  minHeight: '100%',
});

export const intro = pageIntro;

export const title = style({
  margin: 0,
  fontSize: 30,
  lineHeight: '38px',
  fontWeight: 800,
  letterSpacing: '-0.02em',
  color: vars.color.text,
  '@media': { 'screen and (max-width: 767px)': { fontSize: 23, lineHeight: '30px' } },
});

export const lead = pageLead;
