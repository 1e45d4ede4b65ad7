import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const page = style({ padding: '32px 24px', maxWidth: 1200, margin: '0 auto' });

export const title = style({ margin: 0, fontSize: 32, fontWeight: 800, color: vars.color.text });

export const description = style({ marginTop: 12, color: vars.color.textMuted, fontSize: 16 });
