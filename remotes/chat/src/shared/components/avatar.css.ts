import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const avatar = style({
  flex: 'none',
  width: 48,
  height: 48,
  borderRadius: '50%',
  overflow: 'hidden',
  background: vars.gradient.accent,
  color: vars.color.onAccent,
  display: 'grid',
  placeItems: 'center',
  fontWeight: 800,
  fontSize: vars.text.lg,
});

export const avatarImage = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });
