import { style } from '@vanilla-extract/css';
import { pageFrame, pageIntro, pageLead, pageTitle } from '@companion/ui/page';
import { vars } from '@companion/ui/theme';

export const page = pageFrame.wide;

export const header = style({
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: 16,
  flexWrap: 'wrap',
});

export const intro = pageIntro;

export const title = pageTitle;

export const lead = pageLead;

export const filters = style({ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' });

export const error = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 12,
  padding: '14px 16px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  flexWrap: 'wrap',
});

export const priceLine = style({ display: 'inline-flex', alignItems: 'center', gap: 6, fontWeight: 700 });
