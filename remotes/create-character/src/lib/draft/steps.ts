import type { CharacterDraft } from '@companion/contracts';
import { characterNameError } from '@companion/contracts';
import { ADULT_LIKE_TO_TRY, AGE, MAX_PICKS } from './options.ts';

/** The wizard's steps in order (ADR 0170): style first, summary last. */
export const STEP_IDS = [
  'style',
  'face',
  'hair',
  'body',
  'personality',
  'relationship',
  'name',
  'summary',
] as const;
export type StepId = (typeof STEP_IDS)[number];

/** Heading and lead of each step. */
export const STEP_TEXT: Record<StepId, { title: string; lead: string }> = {
  style: { title: 'Choose a style', lead: 'Realistic or anime: everything else is drawn in it.' },
  face: { title: 'Her face', lead: 'Age, heritage and eye colour.' },
  hair: { title: 'Her hair', lead: 'Pick a style and a colour.' },
  body: { title: 'Her body', lead: 'Build and the details that make her recognisable.' },
  personality: { title: 'Personality', lead: 'How she talks to you and how bold she is.' },
  relationship: { title: 'Your connection', lead: 'What you are to each other and what she loves.' },
  name: { title: 'Name and voice', lead: 'What she is called and how she sounds.' },
  summary: { title: 'Ready to meet her?', lead: 'Check everything, then bring her to life.' },
};

/** The draft field paths a step owns; a server 400 on one of them sends the wizard back there. */
export const STEP_FIELDS: Record<StepId, readonly string[]> = {
  style: ['style'],
  face: ['age', 'ethnicity', 'race', 'eyes'],
  hair: ['hairStyle', 'hairColor'],
  body: ['body.body', 'body.breast', 'body.butt', 'features'],
  personality: ['personality', 'traits.kink', 'traits.libido', 'traits.nudity'],
  relationship: ['connectionType', 'marital', 'occupation', 'intention', 'rolePlay', 'likeToTry', 'hobby'],
  name: ['name', 'voice'],
  summary: [],
};

/** The step that owns a dotted field path (`likeToTry.0` → relationship); null when none does. */
export function stepOfField(field: string | null): StepId | null {
  if (!field) return null;
  for (const id of STEP_IDS)
    if (STEP_FIELDS[id].some((owned) => field === owned || field.startsWith(`${owned}.`))) return id;
  return null;
}

/** Field path → readable message. Empty means the step is complete. */
export type StepErrors = Partial<Record<string, string>>;

/** Who is creating: adult-only choices count only for NSFW users. */
export interface WizardAudience {
  adult: boolean;
}

/** Validates the fields one step owns. */
export function validateStep(step: StepId, draft: CharacterDraft, audience: WizardAudience): StepErrors {
  const errors: StepErrors = {};
  switch (step) {
    case 'style':
      if (!draft.style) errors.style = 'Choose realistic or anime to continue.';
      break;
    case 'face':
      if (draft.age === null) errors.age = 'Enter her age.';
      else if (!Number.isInteger(draft.age) || draft.age < AGE.min || draft.age > AGE.max)
        errors.age = `Age must be a whole number from ${AGE.min} to ${AGE.max}.`;
      if (!draft.ethnicity) errors.ethnicity = 'Choose her ethnicity.';
      if (!draft.eyes) errors.eyes = 'Choose an eye colour.';
      break;
    case 'hair':
      if (!draft.hairStyle) errors.hairStyle = 'Choose a hair style.';
      if (!draft.hairColor) errors.hairColor = 'Choose a hair colour.';
      break;
    case 'body':
      if (!draft.body.body) errors['body.body'] = 'Choose a body type.';
      if (draft.features.length > MAX_PICKS.features)
        errors.features = `Pick at most ${MAX_PICKS.features} features.`;
      break;
    case 'personality':
      if (!draft.personality) errors.personality = 'Choose a personality.';
      break;
    case 'relationship':
      if (!draft.connectionType) errors.connectionType = 'Choose what she is to you.';
      if (draft.hobby.length > MAX_PICKS.hobby) errors.hobby = `Pick at most ${MAX_PICKS.hobby} hobbies.`;
      if (!audience.adult && draft.likeToTry.some((value) => ADULT_LIKE_TO_TRY.has(value)))
        errors.likeToTry = 'Remove the adult choices.';
      break;
    case 'name': {
      const error = characterNameError(draft.name ?? '');
      if (error) errors.name = error;
      break;
    }
    case 'summary':
      break;
  }
  return errors;
}

/** The first step with an error, checking every step before `upTo` (resume and create guard). */
export function firstInvalidStep(
  draft: CharacterDraft,
  audience: WizardAudience,
  upTo: StepId,
): StepId | null {
  for (const id of STEP_IDS) {
    if (id === upTo) return null;
    if (Object.keys(validateStep(id, draft, audience)).length > 0) return id;
  }
  return null;
}

/** The draft as the API receives it: names trimmed, adult-only values dropped for non-NSFW users. */
export function toRequestBody(draft: CharacterDraft, audience: WizardAudience): CharacterDraft {
  if (audience.adult) return { ...draft, name: draft.name?.trim() ?? null };
  return {
    ...draft,
    name: draft.name?.trim() ?? null,
    traits: { kink: 50, libido: draft.traits.libido, nudity: 50 },
    body: { body: draft.body.body, breast: null, butt: null },
    likeToTry: draft.likeToTry.filter((value) => !ADULT_LIKE_TO_TRY.has(value)),
  };
}
