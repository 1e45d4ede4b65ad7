/** Media breakpoints from spec 000 §2.5, in px: tablet and phone are max widths; the custom ones are grid steps. */
export const BREAKPOINTS = {
  tablet: 1199,
  phone: 767,
  custom550: 550,
  custom768: 768,
  custom1000: 1000,
  custom1024: 1024,
  custom1750: 1750,
  custom1751: 1751,
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
