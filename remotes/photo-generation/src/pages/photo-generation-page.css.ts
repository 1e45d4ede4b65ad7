import { style } from '@vanilla-extract/css';
import { pageFrame, pageIntro, pageLead, pageTitle } from '@companion/ui/page';

export const page = pageFrame.medium;

export const intro = pageIntro;

export const title = pageTitle;

export const lead = pageLead;

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: 24,
  alignItems: 'start',
  '@media': { 'screen and (min-width: 1024px)': { gridTemplateColumns: '420px minmax(0, 1fr)' } },
});

export const results = style({ display: 'flex', flexDirection: 'column', gap: 28, minWidth: 0 });
