import { style } from '@vanilla-extract/css';
import { pageFrame, pageIntro, pageLead, pageTitle } from '@companion/ui/page';
import { vars } from '@companion/ui/theme';

export const page = pageFrame.wide;

export const toolbar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 16,
  flexWrap: 'wrap',
  marginTop: 4,
});

export const title = pageTitle;

export const intro = pageIntro;

export const lead = pageLead;

export const error = style({
  padding: '18px 20px',
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
});
