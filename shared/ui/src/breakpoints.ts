/**
 * Media breakpoints from spec 000 §2.5, in px, named by role: tablet and phone are max widths, desktop starts
 * above tablet; the grid steps are the spec's custom breakpoints (550, 768, 1000, 1024, 1750, 1751).
 */
export const BREAKPOINTS = {
  tablet: 1199,
  phone: 767,
  desktop: 1200,
  /** Up to here a grid shows 2 columns (000 §2.4). */
  gridSm: 550,
  /** Up to here 3 columns. */
  gridMd: 768,
  /** The spec's 1000 px step (narrow tablets). */
  gridCompact: 1000,
  /** Up to here 4 columns. */
  gridLg: 1024,
  /** Up to here still 4 columns. */
  gridXl: 1750,
  /** From here 5 columns. */
  gridWide: 1751,
} as const;

/** A breakpoint name. */
export type BreakpointName = keyof typeof BREAKPOINTS;

/** `max-width` media queries for each breakpoint, usable in vanilla-extract `@media` and `matchMedia`. */
export const MEDIA_MAX = mapBreakpoints((px) => `screen and (max-width: ${px}px)`);

/** `min-width` media queries for each breakpoint. */
export const MEDIA_MIN = mapBreakpoints((px) => `screen and (min-width: ${px}px)`);

function mapBreakpoints(toQuery: (px: number) => string): Record<BreakpointName, string> {
  const entries = Object.entries(BREAKPOINTS).map(([name, px]) => [name, toQuery(px)]);
  return Object.fromEntries(entries) as Record<BreakpointName, string>;
}
