// The character-creation draft as it sits in session storage (000 §3 "Character-creation draft"): the wizard
// (create-character) owns it, and a quiz funnel (funnels) hands its answers over by writing the same slot before
// it navigates to the wizard. Both build on these names, so the slot and its shape change in one place.
import type { CharacterDraft } from './entities/characters.ts';

/** The session-storage key of the draft (ADR 0170). */
export const CHARACTER_DRAFT_KEY = 'character-draft';

/**
 * What the slot holds: the 000 §3 draft and the wizard step to resume at. A writer other than the wizard names
 * the step it wants the visitor to land on; the wizard falls back to its first step for a name it does not know
 * and sends the visitor back to the first incomplete step before it creates.
 */
export interface StoredCharacterDraft {
  version: 1;
  step: string;
  draft: CharacterDraft;
}

/** A new draft: nothing chosen, traits at 50 (000 §3, §9). */
export function emptyCharacterDraft(): CharacterDraft {
  return {
    id: null,
    style: null,
    connectionType: null,
    likeToTry: [],
    intention: null,
    rolePlay: null,
    race: null,
    traits: { kink: 50, libido: 50, nudity: 50 },
    age: null,
    ethnicity: null,
    eyes: null,
    hairStyle: null,
    hairColor: null,
    body: { body: null, breast: null, butt: null },
    features: [],
    hobby: [],
    occupation: null,
    personality: null,
    marital: null,
    name: null,
    voice: null,
  };
}

/** The pose of a wizard tile: a face, the upper body, or the whole figure (body-type tiles). */
export type WizardTilePose = 'portrait' | 'waist-up' | 'standing';

/**
 * The picture of a draft's look, drawn by the API's embedded painter (`GET Image/wizard-tile`, ADR 0170): the wizard's
 * tiles and a funnel's portraits ask with the same query, so the same look is the same picture, cached by the browser.
 */
export function wizardTileUrl(draft: CharacterDraft, pose: WizardTilePose = 'portrait'): string {
  const looks = {
    style: draft.style ?? 'realistic',
    ethnicity: draft.ethnicity,
    eyes: draft.eyes,
    hairStyle: draft.hairStyle,
    hairColor: draft.hairColor,
    body: draft.body.body,
  };
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(looks)) if (value) query.set(name, value);
  if (pose !== 'portrait') query.set('pose', pose);
  return `/api/Image/wizard-tile?${query.toString()}`;
}
