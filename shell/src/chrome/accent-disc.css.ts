import { vars } from '@companion/ui/theme';

/** A round box that centres what it holds (an icon, an initial, an image). */
export const roundCentered = {
  borderRadius: '50%',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
} as const;

/** A round accent badge holding an icon: the bottom nav's create button, the modals' hero icon. */
export const accentDisc = {
  ...roundCentered,
  background: vars.gradient.accent,
  color: vars.color.onAccent,
  boxShadow: vars.shadow.md,
} as const;
