import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

const shimmer = keyframes({
  from: { backgroundPosition: '150% 0' },
  to: { backgroundPosition: '-50% 0' },
});

export const base = style({
  display: 'block',
  backgroundColor: vars.color.skeletonBase,
  backgroundImage: `linear-gradient(90deg, transparent 0%, ${vars.color.skeletonHighlight} 50%, transparent 100%)`,
  backgroundSize: '200% 100%',
  backgroundRepeat: 'no-repeat',
  animation: `${shimmer} 1.4s ease-in-out infinite`,
  '@media': {
    // A still placeholder instead of a sweeping highlight.
    '(prefers-reduced-motion: reduce)': { animation: 'none', backgroundImage: 'none' },
  },
});

export const shape = styleVariants({
  block: { borderRadius: vars.radius.md },
  text: { height: '0.9em', borderRadius: vars.radius.sm, margin: '0.35em 0' },
  circle: { borderRadius: '50%', flexShrink: 0 },
});

export const lines = style({ display: 'block' });

// The last line of a paragraph is shorter, like real text.
export const lastLine = style({ width: '60%' });

// Matches the explore grid's model card: a portrait image with the name and age over its foot.
export const card = style({
  position: 'relative',
  display: 'block',
  width: '100%',
  aspectRatio: '2 / 3',
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
});

export const cardFoot = style({
  position: 'absolute',
  left: '12px',
  right: '12px',
  bottom: '12px',
  display: 'flex',
  flexDirection: 'column',
  gap: '8px',
});

export const cardLine = style({
  height: '12px',
  borderRadius: vars.radius.sm,
  // A translucent tone reads on the card's base colour in both themes.
  backgroundColor: vars.color.borderStrong,
});
