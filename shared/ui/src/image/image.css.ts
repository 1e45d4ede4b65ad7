import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

export const image = style({
  display: 'block',
  maxWidth: '100%',
  background: vars.color.skeletonBase,
});

export const fit = styleVariants({
  cover: { objectFit: 'cover' },
  contain: { objectFit: 'contain' },
});

// With an aspect ratio the box takes the container's width and reserves its height before the image loads.
export const fluid = style({ width: '100%', height: 'auto' });

export const placeholder = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  maxWidth: '100%',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.textSubtle,
});

export const placeholderIcon = style({
  width: '40%',
  maxWidth: '64px',
  height: 'auto',
  opacity: 0.8,
});

export const avatar = style({
  borderRadius: '50%',
  background: vars.color.accentSoft,
  color: vars.color.accentText,
  border: 'none',
});

export const avatarIcon = style({ width: '60%', height: '60%' });
