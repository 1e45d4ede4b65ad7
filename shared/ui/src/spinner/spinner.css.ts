import { keyframes, style, styleVariants } from '@vanilla-extract/css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  display: 'inline-block',
  flexShrink: 0,
  borderRadius: '50%',
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 0.7s linear infinite`,
  '@media': {
    // Still turns, slower, so a busy state stays visible without fast motion.
    '(prefers-reduced-motion: reduce)': { animationDuration: '2s' },
  },
});

export const size = styleVariants({
  sm: { width: '16px', height: '16px' },
  md: { width: '24px', height: '24px' },
  lg: { width: '40px', height: '40px', borderWidth: '3px' },
});
