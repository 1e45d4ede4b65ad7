import { createVar, globalStyle, style } from '@vanilla-extract/css';
import { IMAGE_PLACEHOLDER_SRC, IMAGE_UNAVAILABLE_ALT } from '@companion/ui/image-placeholder';
import { vars } from '@companion/ui/theme';

/** The glow at the top of a funnel page, in the dark and the light theme; a page or a tone sets them. */
export const glow = createVar();
export const glowLight = createVar();

/** A funnel page's full-height backdrop: the theme's background under the tone's glow. */
export const backdrop = style({
  vars: { [glow]: '#3b3f4d', [glowLight]: '#d9dce5' },
  minHeight: '100%',
  display: 'flex',
  justifyContent: 'center',
  color: vars.color.text,
  background: `radial-gradient(120% 60% at 50% 0%, ${glow} 0%, transparent 70%), ${vars.color.bg}`,
  selectors: {
    ':root[data-theme="light"] &': {
      background: `radial-gradient(120% 60% at 50% 0%, ${glowLight} 0%, transparent 70%), ${vars.color.bg}`,
    },
  },
});

// 000 §5: the placeholder of a picture that failed to load (`app.tsx` gives it the alt text), drawn by CSS over the
// broken image: the kit's picture glyph on its raised surface, at the image's own size (ADR 0400).
globalStyle(`${backdrop} img[alt="${IMAGE_UNAVAILABLE_ALT}"]`, {
  content: `url("${IMAGE_PLACEHOLDER_SRC}")`,
  objectFit: 'none',
  background: vars.color.surfaceRaised,
  outline: `1px solid ${vars.color.border}`,
  outlineOffset: '-1px',
});
