import { createGlobalThemeContract } from '@vanilla-extract/css';

/** The steps both the spacing and the type scale have. */
const SIZES = { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null };

// Names are fixed strings (not hashed) so the shell and every separately built remote agree on them.
const TOKENS = {
  color: {
    bg: null,
    surface: null,
    surfaceRaised: null,
    surfaceHover: null,
    border: null,
    borderStrong: null,
    text: null,
    textMuted: null,
    textSubtle: null,
    accent: null,
    accentHover: null,
    accentText: null,
    accentSoft: null,
    onAccent: null,
    danger: null,
    dangerHover: null,
    onDanger: null,
    success: null,
    warning: null,
    focusRing: null,
    overlay: null,
    skeletonBase: null,
    skeletonHighlight: null,
    /** Text and icons over photos and promo gradients: light in both themes. */
    onMedia: null,
    onMediaMuted: null,
    /** The promo surfaces' button (white pill with dark text) over a promo gradient. */
    promoCta: null,
    onPromoCta: null,
  },
  gradient: {
    accent: null,
    accentHover: null,
    /** Subscription and token promo surfaces (banners, offers). */
    promoSubscription: null,
    promoTokens: null,
    /** A dark scrim at the foot of a photo, under `onMedia` text. */
    mediaScrim: null,
  },
  /** Spacing scale (padding, gap, margin). */
  space: { xxs: null, ...SIZES },
  /** Type scale: font sizes (line heights stay per component). */
  text: SIZES,
  font: {
    family: null,
  },
  radius: {
    sm: null,
    md: null,
    lg: null,
    xl: null,
    pill: null,
  },
  shadow: {
    sm: null,
    md: null,
    lg: null,
  },
  zIndex: {
    modal: null,
  },
} as const;

/** The theme contract: `var(--cmp-…)` references every bundle may use; values come from `@companion/ui/themes`. */
export const vars = createGlobalThemeContract(TOKENS, (_value, path) => `cmp-${path.map(toKebab).join('-')}`);

function toKebab(segment: string): string {
  return segment.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
