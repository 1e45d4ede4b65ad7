import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

export const body = style({ display: 'flex', flexDirection: 'column', gap: 16, textAlign: 'center' });

export const message = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.55, fontSize: 15 });

export const actions = style({ display: 'flex', gap: 12, justifyContent: 'center' });

globalStyle(`${actions} > *`, { flex: 1 });

export const error = style({ margin: 0, fontSize: 13, color: vars.color.danger });
