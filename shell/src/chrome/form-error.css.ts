import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

// A form's error line when it is not one field's (a field's own error is part of `TextField`).

export const formError = style({ margin: 0, fontSize: 13, color: vars.color.danger });
