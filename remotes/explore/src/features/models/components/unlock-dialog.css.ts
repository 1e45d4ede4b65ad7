import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const text = style({ margin: '0 0 20px', color: vars.color.textMuted, lineHeight: 1.5 });

export const error = style({ margin: '0 0 16px', color: vars.color.danger, fontWeight: 600 });

export const actions = style({ display: 'flex', gap: 12, justifyContent: 'flex-end' });
