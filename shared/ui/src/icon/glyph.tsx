import type { ReactNode } from 'react';

/** Props of {@link Glyph}. */
export interface GlyphProps {
  /** One of `./glyphs.tsx`. */
  glyph: ReactNode;
  size?: number;
  strokeWidth?: number;
}

/**
 * One glyph in the frame of every icon (24-unit grid, stroke follows `currentColor`, decorative): `Icon` draws its
 * set with it, and a remote that needs only a few draws them without the set (ADR 0275).
 */
export function Glyph({ glyph, size = 20, strokeWidth = 1.9 }: GlyphProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {glyph}
    </svg>
  );
}
