import { createVar, style } from '@vanilla-extract/css';
import { MEDIA_MAX } from '@companion/ui';
import { vars } from '@companion/ui/theme';

/** The shell's header and tablet bottom-nav heights (its chrome sizes; not exported to remotes). */
const SHELL_HEADER = 64;
const SHELL_BOTTOM_NAV = 64;

/** The visible viewport height, kept in sync with `visualViewport` so the composer stays above the keyboard. */
export const viewportHeight = createVar();
const bottomNav = createVar();

export const page = style({
  vars: { [bottomNav]: '0px' },
  display: 'grid',
  gridTemplateColumns: 'minmax(280px, 360px) minmax(0, 1fr)',
  height: `calc(${viewportHeight} - ${SHELL_HEADER}px - ${bottomNav})`,
  minHeight: 320,
  background: vars.color.bg,
  '@media': {
    [MEDIA_MAX.tablet]: {
      vars: { [bottomNav]: `calc(${SHELL_BOTTOM_NAV}px + env(safe-area-inset-bottom))` },
    },
    [MEDIA_MAX.phone]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  selectors: {
    // With the on-screen keyboard up the bottom nav is behind it: the page takes the whole visible height.
    '&[data-keyboard="open"]': { vars: { [bottomNav]: '0px' } },
  },
});
