import { style } from '@vanilla-extract/css';
import { field, input, label } from '../text-field/text-field.css.ts';

export const row = style({ display: 'flex', gap: 12, width: '100%' });

export const month = style([field, { flex: 3 }]);

export const year = style([field, { flex: 2 }]);

export { input, label };
