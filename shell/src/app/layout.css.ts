import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';
import { TABLET, DESKTOP, HEADER_HEIGHT, RAIL_WIDTH, BOTTOM_NAV_HEIGHT } from '../chrome/chrome-sizes.ts';
import { INITIAL_ANIMATION_DELAY_MS } from '../outlet/motion.ts';

const gateFadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

// The page layout around the route outlet: rail offset, bottom-nav padding, tablet backdrop, gate spinner.

export const layout = style({
  display: 'flex',
  minHeight: `calc(100vh - ${HEADER_HEIGHT}px)`,
  '@media': { [DESKTOP]: { paddingLeft: RAIL_WIDTH } },
});

/** The header's place while the chrome's chunk loads (after a navigation from a page without chrome). */
export const headerSpace = style({ height: HEADER_HEIGHT });

export const main = style({
  flex: 1,
  minWidth: 0,
  '@media': { [TABLET]: { paddingBottom: BOTTOM_NAV_HEIGHT } },
});

export const mainNoBottomNav = style({ '@media': { [TABLET]: { paddingBottom: 0 } } });

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: 55,
  background: vars.color.overlay,
  '@media': { [DESKTOP]: { display: 'none' } },
});

export const gateWait = style({
  minHeight: '50vh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  opacity: 0,
  animation: `${gateFadeIn} 200ms ease-out ${INITIAL_ANIMATION_DELAY_MS}ms forwards`,
});
