import { z } from 'zod';
import {
  BODY_TYPES,
  ETHNICITIES,
  EYE_COLORS,
  HAIR_COLORS,
  HAIR_STYLES,
} from '../../engines/image/appearance.ts';

// Enumerations of the character-creation draft (spec 000 §3 names the fields, not the values;
// these are ours, documented in CONTEXT.md and ADR 0021). Looks reuse the image engine's lists
// so every created character can be drawn.

/** Relationship the user wants with the character. */
export const CONNECTION_TYPES = ['girlfriend', 'friend', 'wife', 'lover', 'crush', 'roommate'] as const;
/** Things the user would like to try in chat (multi-select). */
export const LIKE_TO_TRY = [
  'roleplay',
  'flirting',
  'deep-talks',
  'romance',
  'adventure',
  'games',
  'comfort',
  'jokes',
  'storytelling',
  'dirty-talk',
] as const;
/** Why the user is here. */
export const INTENTIONS = [
  'companionship',
  'romance',
  'fun',
  'support',
  'practice-flirting',
  'roleplay',
] as const;
/** Role-play scenario. */
export const ROLE_PLAYS = [
  'none',
  'teacher',
  'nurse',
  'boss',
  'neighbour',
  'stranger',
  'classmate',
  'fantasy',
] as const;
/** Race of the character (non-human ones suit anime). */
export const RACES = ['human', 'elf', 'demon', 'angel', 'vampire', 'catgirl'] as const;
/** Breast sizes. */
export const BREAST_SIZES = ['small', 'medium', 'large', 'extra-large'] as const;
/** Butt sizes. */
export const BUTT_SIZES = ['small', 'medium', 'large', 'athletic'] as const;
/** Distinctive features (multi-select). */
export const FEATURES = ['freckles', 'glasses', 'tattoos', 'piercings', 'dimples', 'beauty-mark'] as const;
/** Hobbies (multi-select). */
export const HOBBIES = [
  'reading',
  'gaming',
  'yoga',
  'travel',
  'cooking',
  'music',
  'dancing',
  'fitness',
  'art',
  'photography',
  'anime',
  'fashion',
  'hiking',
  'movies',
] as const;
/** Occupations. */
export const OCCUPATIONS = [
  'student',
  'nurse',
  'teacher',
  'artist',
  'model',
  'barista',
  'engineer',
  'doctor',
  'fitness-trainer',
  'musician',
  'lawyer',
  'photographer',
  'streamer',
  'chef',
  'flight-attendant',
  'office-worker',
] as const;
/** Personalities. */
export const PERSONALITIES = [
  'sweet',
  'shy',
  'caring',
  'playful',
  'confident',
  'dominant',
  'submissive',
  'mysterious',
  'sarcastic',
  'adventurous',
  'intellectual',
  'bubbly',
] as const;
/** Marital status. */
export const MARITAL_STATUSES = ['single', 'married', 'divorced', 'widowed', 'in-a-relationship'] as const;
/** Voices. */
export const VOICES = ['soft', 'sultry', 'cheerful', 'calm', 'energetic', 'deep'] as const;

/** Youngest and oldest age a character may have; adults only. */
export const CHARACTER_AGE = { min: 18, max: 60 } as const;
/** Longest multi-select lists. */
export const MAX_PICKS = { likeToTry: 10, features: 5, hobby: 5 } as const;

const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .enum(values)
    .nullish()
    .transform((value) => value ?? null);

const picks = <const T extends readonly [string, ...string[]]>(values: T, max: number) =>
  z
    .array(z.enum(values))
    .max(max)
    .nullish()
    .transform((value) => [...new Set(value ?? [])]);

// Spec 000 §9: kink, libido and nudity default to 50.
const trait = z.int().min(0).max(100).default(50);

/** The character-creation draft as the server accepts it; unknown keys are ignored. */
export const characterDraftSchema = z.object({
  id: z.string().max(64).nullish(),
  style: z.enum(['realistic', 'anime']),
  connectionType: optionalEnum(CONNECTION_TYPES),
  likeToTry: picks(LIKE_TO_TRY, MAX_PICKS.likeToTry),
  intention: optionalEnum(INTENTIONS),
  rolePlay: optionalEnum(ROLE_PLAYS),
  race: optionalEnum(RACES),
  traits: z
    .object({ kink: trait, libido: trait, nudity: trait })
    .nullish()
    .transform((value) => value ?? { kink: 50, libido: 50, nudity: 50 }),
  age: z.int().min(CHARACTER_AGE.min).max(CHARACTER_AGE.max),
  ethnicity: optionalEnum(ETHNICITIES),
  eyes: optionalEnum(EYE_COLORS),
  hairStyle: optionalEnum(HAIR_STYLES),
  hairColor: optionalEnum(HAIR_COLORS),
  body: z
    .object({
      body: optionalEnum(BODY_TYPES),
      breast: optionalEnum(BREAST_SIZES),
      butt: optionalEnum(BUTT_SIZES),
    })
    .nullish()
    .transform((value) => value ?? { body: null, breast: null, butt: null }),
  features: picks(FEATURES, MAX_PICKS.features),
  hobby: picks(HOBBIES, MAX_PICKS.hobby),
  occupation: optionalEnum(OCCUPATIONS),
  personality: optionalEnum(PERSONALITIES),
  marital: optionalEnum(MARITAL_STATUSES),
  name: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(
      /^[\p{L}][\p{L}\p{M} '.-]*$/u,
      'must start with a letter and contain only letters, spaces, apostrophes, dots and hyphens',
    ),
  voice: optionalEnum(VOICES),
});

/** A validated draft with every default filled in. */
export type ValidDraft = z.infer<typeof characterDraftSchema>;

/** Body of `PersonModel/unlock`, `unlock-premium-model` (spec: `PersonModelId`). */
export const personModelIdSchema = z.object({ PersonModelId: z.uuid() });

/** Body of `PersonModel/rename-model` (ours: the unlock field name plus the new name). */
export const renameSchema = z.object({ PersonModelId: z.uuid(), name: characterDraftSchema.shape.name });
