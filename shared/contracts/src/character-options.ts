// The values of the character-creation draft (000 §3 names the fields, not the values) and of the looks the image
// engine draws. One list for everyone: the API validates against it (draft schema, batch body) and the image engine
// draws it; the create-character and photo-generation remotes label it (ADR 0021, ADR 0226).

/** Draft fields with a fixed set of values, in the order the wizard offers them. */
export const DRAFT_VALUES = {
  /** Drawing style: stylised realistic or anime (000 §1). */
  styles: ['realistic', 'anime'],
  /** Ethnicities; each maps to a skin palette of the engine. */
  ethnicities: ['caucasian', 'latina', 'asian', 'black', 'arab', 'indian', 'mixed'],
  /** Race (non-human ones suit anime). */
  races: ['human', 'elf', 'demon', 'angel', 'vampire', 'catgirl'],
  eyeColors: ['brown', 'blue', 'green', 'hazel', 'grey', 'amber', 'violet'],
  hairStyles: [
    'long-straight',
    'long-wavy',
    'curly',
    'bob',
    'pixie',
    'ponytail',
    'bun',
    'braids',
    'twintails',
  ],
  /** Hair colours (anime characters often use the last few). */
  hairColors: ['black', 'brown', 'blonde', 'red', 'auburn', 'silver', 'pink', 'blue', 'purple'],
  bodyTypes: ['slim', 'athletic', 'average', 'curvy'],
  breastSizes: ['small', 'medium', 'large', 'extra-large'],
  buttSizes: ['small', 'medium', 'large', 'athletic'],
  /** Distinctive features (multi-select). */
  features: ['freckles', 'glasses', 'tattoos', 'piercings', 'dimples', 'beauty-mark'],
  personalities: [
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
  ],
  /** Things the user would like to try in chat (multi-select). */
  likeToTry: [
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
  /** Why the user is here. */
  intentions: ['companionship', 'romance', 'fun', 'support', 'practice-flirting', 'roleplay'],
  rolePlays: ['none', 'teacher', 'nurse', 'boss', 'neighbour', 'stranger', 'classmate', 'fantasy'],
  /** Relationship the user wants with the character. */
  connectionTypes: ['girlfriend', 'friend', 'wife', 'lover', 'crush', 'roommate'],
  maritalStatuses: ['single', 'married', 'divorced', 'widowed', 'in-a-relationship'],
  occupations: [
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
  ],
  /** Hobbies (multi-select). */
  hobbies: [
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
  ],
  voices: ['soft', 'sultry', 'cheerful', 'calm', 'energetic', 'deep'],
} as const;

/** Numeric and text limits of the draft: adults only, the longest multi-select lists, the name rule. */
export const DRAFT_LIMITS = {
  age: { min: 18, max: 60 },
  maxPicks: { likeToTry: 10, features: 5, hobby: 5 },
  nameMax: 40,
  /** A letter first; then letters, spaces, apostrophes, dots and hyphens. */
  namePattern: /^[\p{L}][\p{L}\p{M} '.-]*$/u,
} as const;

/** Why a character's name cannot be used, in the words the wizard and the funnels' name step show; null when fine. */
export function characterNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Give her a name.';
  if (trimmed.length > DRAFT_LIMITS.nameMax) return `A name has at most ${DRAFT_LIMITS.nameMax} characters.`;
  if (!DRAFT_LIMITS.namePattern.test(trimmed))
    return 'Start with a letter; use only letters, spaces, apostrophes, dots and hyphens.';
  return null;
}

/** What a generated photo can ask of the engine beyond the character's looks (photo generation). */
export const PHOTO_VALUES = {
  /** Framing: a head-and-shoulders portrait or a body image. */
  poses: ['portrait', 'waist-up', 'standing', 'sitting', 'over-shoulder'],
  /** Scenes behind the character. */
  backgrounds: ['studio', 'beach', 'city-night', 'bedroom', 'park', 'sunset', 'cafe'],
  /** Clothes the embedded painter draws (ADR 0227). */
  outfits: ['casual', 'dress', 'sporty', 'business', 'evening', 'swimwear'],
} as const;
