// Glyphs a remote draws by themselves with `Glyph` (ADR 0275): `Icon` names any glyph, so it carries the whole set;
// a remote that needs one or two imports those, and the rest stays out of its bundle.

/** A padlock: locked content. */
export const LOCK_GLYPH = (
  <>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </>
);
