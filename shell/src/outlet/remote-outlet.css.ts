import { keyframes, style } from '@vanilla-extract/css';
import { INITIAL_ANIMATION_DELAY_MS } from './motion.ts';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const outlet = style({ display: 'contents' });

export const loading = style({
  display: 'flex',
  justifyContent: 'center',
  padding: '96px 0',
  opacity: 0,
  animation: `${fadeIn} 200ms ease-out ${INITIAL_ANIMATION_DELAY_MS}ms forwards`,
});
