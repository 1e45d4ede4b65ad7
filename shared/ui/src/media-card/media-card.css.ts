import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

// The media card primitive: a 2:3 portrait card whose picture fills it, lifting on hover (explore's character
// cards, the gallery's images). Remotes compose their own overlays on top; these classes are the shared frame.

/** The card: a button or link, 2:3, rounded, clipped, lifting on hover, with a visible focus ring. */
export const mediaCard = style({
  position: 'relative',
  display: 'block',
  width: '100%',
  aspectRatio: '2 / 3',
  padding: 0,
  border: 0,
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  cursor: 'pointer',
  background: vars.color.skeletonBase,
  color: vars.color.onMedia,
  textAlign: 'left',
  font: 'inherit',
  boxShadow: vars.shadow.sm,
  transition: 'transform 200ms ease, box-shadow 200ms ease',
  isolation: 'isolate',
  selectors: {
    '&:hover': { transform: 'translateY(-3px)', boxShadow: vars.shadow.md },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

// Scoped under the card so it outranks the shared Image's own sizing classes whatever the stylesheet order.
/** The picture: covers the whole card and zooms a little on hover. */
export const mediaCardImage = style({
  selectors: {
    [`${mediaCard} &`]: {
      position: 'absolute',
      inset: 0,
      width: '100%',
      height: '100%',
      objectFit: 'cover',
      transition: 'transform 400ms ease',
    },
    [`${mediaCard}:hover &`]: { transform: 'scale(1.04)' },
  },
});

/** A small uppercase pill over the picture (Premium, Anime, Secret…); the caller adds its background. */
export const mediaCardMark = style({
  padding: '3px 9px',
  borderRadius: vars.radius.pill,
  fontSize: 11,
  lineHeight: '16px',
  fontWeight: 700,
  letterSpacing: '0.03em',
  textTransform: 'uppercase',
  backdropFilter: 'blur(6px)',
  color: vars.color.onMedia,
});
