// Glyphs drawn by themselves with `Glyph` (ADR 0275): `Icon` names any glyph, so it carries the whole set; the kit's
// own components and a remote that needs one or two import these, and the rest stays out of their bundles.

/** A padlock: locked content. */
export const LOCK_GLYPH = (
  <>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </>
);

/** A cross: close. */
export const CLOSE_GLYPH = <path d="M6 6l12 12M18 6 6 18" />;

/** A stack of coins: tokens. */
export const TOKENS_GLYPH = (
  <>
    <ellipse cx="12" cy="7" rx="7" ry="3" />
    <path d="M5 7v5c0 1.7 3.1 3 7 3s7-1.3 7-3V7M5 12v5c0 1.7 3.1 3 7 3s7-1.3 7-3v-5" />
  </>
);

/** A plus: create. */
export const CREATE_GLYPH = <path d="M12 5v14M5 12h14" />;
