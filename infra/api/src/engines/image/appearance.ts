import { DRAFT_VALUES, PHOTO_VALUES } from '@companion/contracts';

// The looks the image engine can draw: the shared lists (contracts `character-options.ts`) with the engine's
// palettes. The character-creation draft validates against the same lists, so a character can always be rendered
// from its own fields.

/**
 * The lists of each look, by the names the contracts give them: `styles` is stylised realistic or anime (000 §1:
 * characters are realistic or anime), each of `ethnicities` maps to a skin palette, anime characters often use the
 * last few `hairColors`, `poses` frame a head-and-shoulders portrait or a body image, and without one of `outfits` the
 * painter picks a top or a dress from the seed.
 */
export const LOOKS = {
  styles: DRAFT_VALUES.styles,
  ethnicities: DRAFT_VALUES.ethnicities,
  eyeColors: DRAFT_VALUES.eyeColors,
  hairStyles: DRAFT_VALUES.hairStyles,
  hairColors: DRAFT_VALUES.hairColors,
  bodyTypes: DRAFT_VALUES.bodyTypes,
  ...PHOTO_VALUES,
} as const;

/** One value of a list of {@link LOOKS}: `Look<'ethnicities'>` is an ethnicity. */
export type Look<K extends keyof typeof LOOKS> = (typeof LOOKS)[K][number];

/** Drawing style. */
export type ArtStyle = Look<'styles'>;
/** One of the ethnicities. */
export type Ethnicity = Look<'ethnicities'>;
/** One of the eye colours. */
export type EyeColor = Look<'eyeColors'>;
/** One of the hair styles. */
export type HairStyle = Look<'hairStyles'>;
/** One of the hair colours. */
export type HairColor = Look<'hairColors'>;
/** One of the body builds. */
export type BodyType = Look<'bodyTypes'>;
/** One of the framings. */
export type Pose = Look<'poses'>;
/** One of the scenes behind the character. */
export type Background = Look<'backgrounds'>;
/** One of the clothes the painter draws. */
export type Outfit = Look<'outfits'>;

/** Skin base and shadow colours per ethnicity; a seed picks a shade inside the range. */
export const SKIN_PALETTES: Record<Ethnicity, readonly [string, string][]> = {
  caucasian: [
    ['#f6d7c3', '#e3b59c'],
    ['#f1c9ae', '#d9a487'],
    ['#fbe3d3', '#e8bfa6'],
  ],
  latina: [
    ['#e3b48f', '#c78f68'],
    ['#d9a57f', '#b98160'],
  ],
  asian: [
    ['#f5dcc4', '#dfbb9c'],
    ['#efd0b2', '#d4ad8b'],
  ],
  black: [
    ['#8d5a3b', '#6e4129'],
    ['#a56c47', '#7f4d31'],
    ['#6f4330', '#53301f'],
  ],
  arab: [
    ['#dfb08a', '#c08d69'],
    ['#e8bd98', '#c99a75'],
  ],
  indian: [
    ['#c68c62', '#a46c46'],
    ['#b97f57', '#95603d'],
  ],
  mixed: [
    ['#d19c74', '#b07a55'],
    ['#c08660', '#9c6644'],
  ],
};

/** Hair base and highlight colours. */
export const HAIR_PALETTES: Record<HairColor, readonly [string, string]> = {
  black: ['#1d1a1f', '#3d3840'],
  brown: ['#5a3825', '#8a5a3a'],
  blonde: ['#d9b46a', '#f3dc9c'],
  red: ['#a8361f', '#d8643f'],
  auburn: ['#7a2f1e', '#a85136'],
  silver: ['#b9bcc6', '#eceef4'],
  pink: ['#e27aa8', '#f7b7d3'],
  blue: ['#3b63c4', '#7fa3f0'],
  purple: ['#6c3fa8', '#a57ce0'],
};

/** Iris outer and inner colours. */
export const EYE_PALETTES: Record<EyeColor, readonly [string, string]> = {
  brown: ['#4a2c1a', '#8a5a36'],
  blue: ['#1f4f9a', '#6aa6e8'],
  green: ['#2b6a3a', '#76b86a'],
  hazel: ['#5d4a22', '#a08a45'],
  grey: ['#4f5862', '#9aa6b2'],
  amber: ['#8a5210', '#e0a53a'],
  violet: ['#552d8a', '#a77be0'],
};
