import { DRAFT_LIMITS, DRAFT_VALUES } from '@companion/contracts';
import { z } from 'zod';
import { LOOKS } from '../../engines/image/appearance.ts';

// Enumerations of the character-creation draft (spec 000 §3 names the fields, not the values; these are ours,
// ADR 0021) live in contracts (`character-options.ts`), so the create-character remote offers exactly these.
// Looks are the image engine's lists, so every created character can be drawn.

const {
  connectionTypes: CONNECTION_TYPES,
  likeToTry: LIKE_TO_TRY,
  intentions: INTENTIONS,
  rolePlays: ROLE_PLAYS,
  races: RACES,
  breastSizes: BREAST_SIZES,
  buttSizes: BUTT_SIZES,
  features: FEATURES,
  hobbies: HOBBIES,
  occupations: OCCUPATIONS,
  personalities: PERSONALITIES,
  maritalStatuses: MARITAL_STATUSES,
  voices: VOICES,
} = DRAFT_VALUES;

/** Youngest and oldest age a character may have; adults only. */
const CHARACTER_AGE = DRAFT_LIMITS.age;
const MAX_PICKS = DRAFT_LIMITS.maxPicks;

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

/** Longest card field kept (cards in the wild carry long descriptions; the engines cut to their own budgets). */
export const MAX_CARD_FIELD = 8000;
const cardText = z.string().max(MAX_CARD_FIELD).optional();

// Spec 000 §9: kink, libido and nudity default to 50.
const trait = z.int().min(0).max(100).default(50);

/** The character-creation draft as the server accepts it; unknown keys are ignored. */
export const characterDraftSchema = z.object({
  id: z.string().max(64).nullish(),
  style: z.enum(DRAFT_VALUES.styles),
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
  ethnicity: optionalEnum(LOOKS.ethnicities),
  eyes: optionalEnum(LOOKS.eyeColors),
  hairStyle: optionalEnum(LOOKS.hairStyles),
  hairColor: optionalEnum(LOOKS.hairColors),
  body: z
    .object({
      body: optionalEnum(LOOKS.bodyTypes),
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
    .max(DRAFT_LIMITS.nameMax)
    .regex(
      DRAFT_LIMITS.namePattern,
      'must start with a letter and contain only letters, spaces, apostrophes, dots and hyphens',
    ),
  voice: optionalEnum(VOICES),
  // An imported card's prompt fields (ADR 0361): kept as written for the engines' prompts; first_mes opens a chat.
  card: z
    .object({
      description: cardText,
      personality: cardText,
      scenario: cardText,
      firstMes: cardText,
      mesExample: cardText,
      systemPrompt: cardText,
      postHistoryInstructions: cardText,
    })
    .nullish()
    .transform((value) => value ?? null),
});

/** A validated draft with every default filled in. */
export type ValidDraft = z.infer<typeof characterDraftSchema>;

/** Body of `PersonModel/unlock`, `unlock-premium-model` (spec: `PersonModelId`). */
export const personModelIdSchema = z.object({ PersonModelId: z.uuid() });

/** Body of `PersonModel/rename-model` (ours: the unlock field name plus the new name). */
export const renameSchema = z.object({ PersonModelId: z.uuid(), name: characterDraftSchema.shape.name });
