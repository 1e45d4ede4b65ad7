/** Alt text of the placeholder that replaces an image that failed to load (spec 000 §5). */
export const IMAGE_UNAVAILABLE_ALT = 'Image currently unavailable';

/**
 * The placeholder's picture glyph as a data URI (64 px, drawn from a 24 px box): it cannot fail to load. The kit's
 * Image shows it; pages that cannot afford the Image's JavaScript (the funnels) draw it with CSS.
 */
export const IMAGE_PLACEHOLDER_SRC =
  'data:image/svg+xml,' +
  // Pure: a bundle that only takes the alt text drops the glyph.
  /* @__PURE__ */ encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 24 24" fill="none" stroke="#8e879a" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"><rect x="3" y="4" width="18" height="16" rx="3"/><circle cx="9" cy="10" r="2"/><path d="M21 16l-5-5-9 9"/></svg>',
  );
