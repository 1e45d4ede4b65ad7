import type { ReactNode } from 'react';

/** The frame of every icon: 24-unit grid, stroke follows `currentColor`, decorative. */
export function Svg({
  size = 20,
  strokeWidth = 1.9,
  children,
}: {
  size?: number;
  strokeWidth?: number;
  children: ReactNode;
}) {
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
      {children}
    </svg>
  );
}

/** Props of {@link Glyph}. */
export interface GlyphProps {
  /** One of `./glyphs.tsx`. */
  glyph: ReactNode;
  size?: number;
  strokeWidth?: number;
}

/** One glyph drawn like an `Icon`, without the set: for a remote that needs only a few (ADR 0275). */
export function Glyph({ glyph, size, strokeWidth }: GlyphProps) {
  return (
    <Svg size={size} strokeWidth={strokeWidth}>
      {glyph}
    </Svg>
  );
}
