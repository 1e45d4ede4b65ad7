/** The system's own fonts: every stack's fallback, and the server-rendered first screen's font (ADR 0452). */
export const SYSTEM_FALLBACK =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** CSS font-family stacks for the brand fonts (000 §1: Manrope default, Inter for myMate, Space Grotesk for myFriend). */
export const FONT_STACKS = {
  manrope: `'Manrope', ${SYSTEM_FALLBACK}`,
  inter: `'Inter', ${SYSTEM_FALLBACK}`,
  spaceGrotesk: `'Space Grotesk', ${SYSTEM_FALLBACK}`,
} as const;

/** Name of a brand font in `FONT_STACKS`. */
export type FontName = keyof typeof FONT_STACKS;
