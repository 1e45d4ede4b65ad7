import { vars } from '@companion/ui/theme';

/** A round accent badge holding an icon: the bottom nav's create button, the modals' hero icon. */
export const accentDisc = {
  borderRadius: '50%',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.gradient.accent,
  color: vars.color.onAccent,
  boxShadow: vars.shadow.md,
} as const;
