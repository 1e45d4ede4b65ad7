import { style } from '@vanilla-extract/css';
import { MEDIA_MAX } from '@companion/ui';
import { vars } from '@companion/ui/theme';

export const page = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(280px, 360px) 1fr',
  // The shell's header sits above the outlet; the page fills the rest of the (dynamic) viewport.
  height: 'calc(100dvh - var(--cmp-shell-header-height, 64px))',
  minHeight: 420,
  background: vars.color.bg,
  '@media': {
    [MEDIA_MAX.phone]: { gridTemplateColumns: '1fr' },
  },
});
