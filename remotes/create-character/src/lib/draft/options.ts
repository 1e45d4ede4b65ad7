// The draft's allowed values, as the API validates them (infra/api draft-schema.ts, ADR 0021), with the labels
// people read. A value the API rejects comes back as a 400 naming the field, so a drift shows at once.

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

export const STYLES = list(['realistic', 'anime']);
export const ETHNICITIES = list(['caucasian', 'latina', 'asian', 'black', 'arab', 'indian', 'mixed']);
export const RACES = list(['human', 'elf', 'demon', 'angel', 'vampire', 'catgirl'], { catgirl: 'Cat girl' });
export const EYE_COLORS = list(['brown', 'blue', 'green', 'hazel', 'grey', 'amber', 'violet']);
export const HAIR_STYLES = list([
  'long-straight',
  'long-wavy',
  'curly',
  'bob',
  'pixie',
  'ponytail',
  'bun',
  'braids',
  'twintails',
]);
export const HAIR_COLORS = list([
  'black',
  'brown',
  'blonde',
  'red',
  'auburn',
  'silver',
  'pink',
  'blue',
  'purple',
]);
export const BODY_TYPES = list(['slim', 'athletic', 'average', 'curvy']);
export const BREAST_SIZES = list(['small', 'medium', 'large', 'extra-large']);
export const BUTT_SIZES = list(['small', 'medium', 'large', 'athletic']);
export const FEATURES = list(['freckles', 'glasses', 'tattoos', 'piercings', 'dimples', 'beauty-mark']);
export const PERSONALITIES = list([
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
]);
export const LIKE_TO_TRY = list(
  [
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
  ],
  { roleplay: 'Role-play', 'deep-talks': 'Deep talks', 'dirty-talk': 'Dirty talk' },
);
export const INTENTIONS = list(
  ['companionship', 'romance', 'fun', 'support', 'practice-flirting', 'roleplay'],
  {
    roleplay: 'Role-play',
  },
);
export const ROLE_PLAYS = list(
  ['none', 'teacher', 'nurse', 'boss', 'neighbour', 'stranger', 'classmate', 'fantasy'],
  {
    none: 'No role-play',
  },
);
export const CONNECTION_TYPES = list(['girlfriend', 'friend', 'wife', 'lover', 'crush', 'roommate']);
export const MARITAL_STATUSES = list(['single', 'married', 'divorced', 'widowed', 'in-a-relationship']);
export const OCCUPATIONS = list([
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
]);
export const HOBBIES = list([
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
]);
export const VOICES = list(['soft', 'sultry', 'cheerful', 'calm', 'energetic', 'deep']);

/** Choices shown only to users whose content is NSFW (ADR 0170). */
export const ADULT_LIKE_TO_TRY: ReadonlySet<string> = new Set(['dirty-talk']);

/** Youngest and oldest age; adults only (ADR 0021). */
export const AGE = { min: 18, max: 60, initial: 23 } as const;
/** Longest multi-select lists (ADR 0021). */
export const MAX_PICKS = { likeToTry: 10, features: 5, hobby: 5 } as const;
/** Name rule of the API: 1–40 characters, a letter first; letters, spaces, apostrophes, dots, hyphens. */
export const NAME_PATTERN = /^[\p{L}][\p{L}\p{M} '.-]*$/u;
export const NAME_MAX = 40;

/** The label of a value, or the value itself. */
export function labelOf(options: readonly Option[], value: string | null | undefined): string {
  if (!value) return '—';
  return options.find((option) => option.value === value)?.label ?? value;
}
