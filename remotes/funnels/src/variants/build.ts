// The questions many variants share, and a builder for the character quiz (000 §2.1: welcome → personality →
// name → generate → landing, with the looks questions between). Values are the wizard draft's (000 §3), as the
// API validates them; a variant file picks a tone, copy and which questions to ask.
import type { DraftPatch, FunnelProduct, HandOver, QuizOption, QuizStep, Tone, Variant } from './types.ts';

const option = (
  value: string,
  label: string,
  patch: DraftPatch,
  hint?: string,
  emoji?: string,
): QuizOption => ({
  value,
  label,
  patch,
  ...(hint ? { hint } : {}),
  ...(emoji ? { emoji } : {}),
});

/** Realistic or anime: everything else is drawn in it. */
export const STYLE_QUESTION: QuizStep = {
  kind: 'choice',
  id: 'style',
  title: 'Which style do you prefer?',
  lead: 'Everything about her is drawn in it.',
  layout: 'pictures',
  options: [
    option('realistic', 'Realistic', { style: 'realistic' }),
    option('anime', 'Anime', { style: 'anime' }),
  ],
};

/** Realistic looks: each a complete face, hair and body. */
export const REALISTIC_LOOKS: QuizOption[] = [
  option('girl-next-door', 'Girl next door', {
    ethnicity: 'caucasian',
    hairColor: 'brown',
    hairStyle: 'long-wavy',
    eyes: 'blue',
    body: { body: 'slim' },
  }),
  option('latina', 'Latina', {
    ethnicity: 'latina',
    hairColor: 'black',
    hairStyle: 'long-straight',
    eyes: 'brown',
    body: { body: 'curvy' },
  }),
  option('asian', 'Asian', {
    ethnicity: 'asian',
    hairColor: 'black',
    hairStyle: 'bob',
    eyes: 'brown',
    body: { body: 'slim' },
  }),
  option('ebony', 'Ebony', {
    ethnicity: 'black',
    hairColor: 'black',
    hairStyle: 'curly',
    eyes: 'brown',
    body: { body: 'athletic' },
  }),
  option('redhead', 'Redhead', {
    ethnicity: 'caucasian',
    hairColor: 'red',
    hairStyle: 'long-wavy',
    eyes: 'green',
    body: { body: 'average' },
  }),
  option('blonde', 'Blonde', {
    ethnicity: 'caucasian',
    hairColor: 'blonde',
    hairStyle: 'ponytail',
    eyes: 'blue',
    body: { body: 'athletic' },
  }),
];

/** Anime looks. */
export const ANIME_LOOKS: QuizOption[] = [
  option('pink-twintails', 'Sweet idol', {
    ethnicity: 'asian',
    hairColor: 'pink',
    hairStyle: 'twintails',
    eyes: 'violet',
    body: { body: 'slim' },
  }),
  option('silver-elf', 'Silver elf', {
    race: 'elf',
    ethnicity: 'caucasian',
    hairColor: 'silver',
    hairStyle: 'long-straight',
    eyes: 'blue',
    body: { body: 'slim' },
  }),
  option('catgirl', 'Cat girl', {
    race: 'catgirl',
    ethnicity: 'asian',
    hairColor: 'blue',
    hairStyle: 'bob',
    eyes: 'amber',
    body: { body: 'average' },
  }),
  option('demon', 'Demon queen', {
    race: 'demon',
    ethnicity: 'mixed',
    hairColor: 'purple',
    hairStyle: 'long-wavy',
    eyes: 'amber',
    body: { body: 'curvy' },
  }),
];

/** Body type, for the variants that ask it on its own. */
export const BODY_QUESTION: QuizStep = {
  kind: 'choice',
  id: 'body',
  title: 'Her figure?',
  layout: 'pictures',
  options: [
    option('slim', 'Slim', { body: { body: 'slim' } }),
    option('athletic', 'Athletic', { body: { body: 'athletic' } }),
    option('curvy', 'Curvy', { body: { body: 'curvy', breast: 'large', butt: 'large' } }),
    option('average', 'Soft', { body: { body: 'average' } }),
  ],
};

/** Personality (the character-quiz step of 000 §2.1). */
export const PERSONALITY_QUESTION: QuizStep = {
  kind: 'choice',
  id: 'personality',
  title: 'What is she like?',
  lead: 'Her personality shapes every message she sends.',
  layout: 'list',
  options: [
    option(
      'sweet',
      'Sweet and caring',
      { personality: 'sweet' },
      'Warm, attentive, always on your side',
      '🥰',
    ),
    option('playful', 'Playful tease', { personality: 'playful' }, 'Flirty jokes and a wink', '😜'),
    option('confident', 'Confident', { personality: 'confident' }, 'Knows what she wants', '💋'),
    option('shy', 'Shy', { personality: 'shy' }, 'Opens up only to you', '🙈'),
    option('mysterious', 'Mysterious', { personality: 'mysterious' }, 'Keeps you guessing', '🌙'),
    option('dominant', 'Dominant', { personality: 'dominant', traits: { kink: 70 } }, 'Takes the lead', '🔥'),
  ],
};

/** What she is to you (the draft's connection type). */
export const CONNECTION_QUESTION: QuizStep = {
  kind: 'choice',
  id: 'connection',
  title: 'What are you looking for?',
  layout: 'list',
  options: [
    option(
      'girlfriend',
      'A girlfriend',
      { connectionType: 'girlfriend', intention: 'romance' },
      undefined,
      '❤️',
    ),
    option(
      'friend',
      'A friend to talk to',
      { connectionType: 'friend', intention: 'companionship' },
      undefined,
      '🤝',
    ),
    option('lover', 'A secret lover', { connectionType: 'lover', intention: 'fun' }, undefined, '🔥'),
    option(
      'crush',
      'A crush to flirt with',
      { connectionType: 'crush', intention: 'practice-flirting' },
      undefined,
      '😉',
    ),
  ],
};

/** What she loves doing (the draft's hobbies). */
export const HOBBY_QUESTION: QuizStep = {
  kind: 'choice',
  id: 'hobby',
  title: 'Where would your first date be?',
  layout: 'list',
  options: [
    option('movies', 'Movie night at home', { hobby: ['movies'] }, undefined, '🍿'),
    option('travel', 'A trip somewhere new', { hobby: ['travel'] }, undefined, '✈️'),
    option('gaming', 'Gaming together', { hobby: ['gaming'] }, undefined, '🎮'),
    option('dancing', 'Dancing until late', { hobby: ['dancing', 'music'] }, undefined, '💃'),
  ],
};

/** Copy of one character quiz; everything has a default but the welcome. */
export interface QuizCopy {
  eyebrow: string;
  title: string;
  lead: string;
  cta?: string;
  perks?: string[];
  nameTitle?: string;
  names?: string[];
  landingTitle?: string;
  landingLead?: string;
  landingCta?: string;
}

/** Options of {@link characterQuiz}. */
export interface QuizOptions {
  name: string;
  paths: Record<string, HandOver>;
  tone: Tone;
  product?: FunnelProduct;
  discount?: boolean;
  /** Fixes the style and skips the style question. */
  style?: 'realistic' | 'anime';
  /** Questions between welcome and name, in order; defaults to looks, personality, connection. */
  questions?: QuizStep[];
  adult?: boolean;
  copy: QuizCopy;
}

/** The looks question of a style. */
export function looksQuestion(style: 'realistic' | 'anime', title = 'Choose her look'): QuizStep {
  return {
    kind: 'choice',
    id: 'looks',
    title,
    layout: 'pictures',
    options: style === 'anime' ? ANIME_LOOKS : REALISTIC_LOOKS,
  };
}

// Each perk is true of the default (embedded) engine (ADR 0360): a reply starts in well under a second and
// ends in a second or two (`pnpm bench`: companion); she keeps the facts you share and shows them (the Memory view).
const DEFAULT_PERKS = [
  'Replies in seconds, day and night',
  'Remembers what you share with her',
  'Private and discreet',
];

/** A character quiz: welcome → the questions → name → generate → landing. */
export function characterQuiz(options: QuizOptions): Variant {
  const { copy } = options;
  const style = options.style ?? 'realistic';
  const questions = options.questions ?? [
    ...(options.style ? [] : [STYLE_QUESTION]),
    looksQuestion(style),
    PERSONALITY_QUESTION,
    CONNECTION_QUESTION,
  ];
  const names =
    copy.names ??
    (style === 'anime' ? ['Yuki', 'Sakura', 'Hana', 'Aiko'] : ['Emma', 'Sofia', 'Mia', 'Chloe']);
  return {
    name: options.name,
    paths: options.paths,
    tone: options.tone,
    product: options.product ?? 'quiz',
    discount: options.discount ?? false,
    base: {
      style,
      age: 23,
      ethnicity: 'caucasian',
      eyes: 'brown',
      hairStyle: 'long-wavy',
      hairColor: 'brown',
      body: { body: 'slim' },
      personality: 'sweet',
      connectionType: 'girlfriend',
      voice: 'soft',
      traits: options.adult ? { kink: 60, libido: 70, nudity: 60 } : {},
    },
    steps: [
      {
        kind: 'welcome',
        id: 'welcome',
        eyebrow: copy.eyebrow,
        title: copy.title,
        lead: copy.lead,
        cta: copy.cta ?? 'Start',
        perks: copy.perks ?? DEFAULT_PERKS,
      },
      ...questions,
      {
        kind: 'name',
        id: 'name',
        title: copy.nameTitle ?? 'What should we call her?',
        lead: 'Pick one or type your own.',
        suggestions: names,
      },
      {
        kind: 'generate',
        id: 'generate',
        title: 'Creating your companion…',
        lines: ['Drawing her look', 'Teaching her your preferences', 'Writing her first message'],
      },
      {
        kind: 'landing',
        id: 'landing',
        title: copy.landingTitle ?? '{name} is ready for you',
        lead: copy.landingLead ?? 'She has been waiting to meet someone like you.',
        cta: copy.landingCta ?? 'Meet {name}',
        perks: copy.perks ?? DEFAULT_PERKS,
      },
    ],
  };
}
