import { DRAFT_LIMITS, DRAFT_VALUES } from '@companion/contracts';

// The draft's allowed values come from contracts (`character-options.ts`), the same lists the API validates
// against (ADR 0021, 0226); this file only adds the labels people read.

/** One choice: the wire value and its label. */
export interface Option {
  value: string;
  label: string;
}

const titled = (value: string) => {
  const words = value.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const list = (values: readonly string[], labels: Record<string, string> = {}): Option[] =>
  values.map((value) => ({ value, label: labels[value] ?? titled(value) }));

const v = DRAFT_VALUES;
export const STYLES = list(v.styles);
export const ETHNICITIES = list(v.ethnicities);
export const RACES = list(v.races, { catgirl: 'Cat girl' });
export const EYE_COLORS = list(v.eyeColors);
export const HAIR_STYLES = list(v.hairStyles);
export const HAIR_COLORS = list(v.hairColors);
export const BODY_TYPES = list(v.bodyTypes);
export const BREAST_SIZES = list(v.breastSizes);
export const BUTT_SIZES = list(v.buttSizes);
export const FEATURES = list(v.features);
export const PERSONALITIES = list(v.personalities);
export const LIKE_TO_TRY = list(v.likeToTry, {
  roleplay: 'Role-play',
  'deep-talks': 'Deep talks',
  'dirty-talk': 'Dirty talk',
});
export const INTENTIONS = list(v.intentions, { roleplay: 'Role-play' });
export const ROLE_PLAYS = list(v.rolePlays, { none: 'No role-play' });
export const CONNECTION_TYPES = list(v.connectionTypes);
export const MARITAL_STATUSES = list(v.maritalStatuses);
export const OCCUPATIONS = list(v.occupations);
export const HOBBIES = list(v.hobbies);
export const VOICES = list(v.voices);

/** Choices shown only to users whose content is NSFW (ADR 0170). */
export const ADULT_LIKE_TO_TRY: ReadonlySet<string> = new Set(['dirty-talk']);

/** Youngest and oldest age; adults only (ADR 0021); the wizard starts at `initial`. */
export const AGE = { ...DRAFT_LIMITS.age, initial: 23 } as const;
/** Longest multi-select lists (ADR 0021). */
export const MAX_PICKS = DRAFT_LIMITS.maxPicks;
/** Name rule of the API: 1–40 characters, a letter first; letters, spaces, apostrophes, dots, hyphens. */
export const NAME_PATTERN = DRAFT_LIMITS.namePattern;
export const NAME_MAX = DRAFT_LIMITS.nameMax;

/** The label of a value, or the value itself. */
export function labelOf(options: readonly Option[], value: string | null | undefined): string {
  if (!value) return '—';
  return options.find((option) => option.value === value)?.label ?? value;
}
