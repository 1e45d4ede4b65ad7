import {
  CHARACTER_DRAFT_KEY,
  emptyCharacterDraft,
  type Category,
  type CharacterCardText,
  type CharacterDraft,
  type StoredCharacterDraft,
} from '@companion/contracts';
import { sessionStore } from '@companion/remote-kit';
import { STEP_IDS, type StepId } from './steps.ts';

/** A new draft: nothing chosen, traits at 50 (000 §9); the one definition lives in contracts. */
export const emptyDraft = emptyCharacterDraft;

/** What the wizard keeps in session storage: the 000 §3 draft and the step to resume at. */
export interface StoredWizard extends StoredCharacterDraft {
  step: StepId;
}

/** The session-storage key of the draft (ADR 0170); a quiz funnel writes the same slot (contracts). */
export const DRAFT_KEY = CHARACTER_DRAFT_KEY;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.length <= 64 ? value : null;
const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string').slice(0, 10) : [];
const trait = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100 ? value : 50;

/** A draft from untrusted JSON: every field of 000 §3 taken when it has the right type, else its default. */
export function parseDraft(raw: unknown): CharacterDraft | null {
  if (!isObject(raw)) return null;
  const traits = isObject(raw.traits) ? raw.traits : {};
  const body = isObject(raw.body) ? raw.body : {};
  const style = raw.style === 'realistic' || raw.style === 'anime' ? (raw.style as Category) : null;
  return {
    id: text(raw.id),
    style,
    connectionType: text(raw.connectionType),
    likeToTry: texts(raw.likeToTry),
    intention: text(raw.intention),
    rolePlay: text(raw.rolePlay),
    race: text(raw.race),
    traits: { kink: trait(traits.kink), libido: trait(traits.libido), nudity: trait(traits.nudity) },
    age: typeof raw.age === 'number' && Number.isFinite(raw.age) ? raw.age : null,
    ethnicity: text(raw.ethnicity),
    eyes: text(raw.eyes),
    hairStyle: text(raw.hairStyle),
    hairColor: text(raw.hairColor),
    body: { body: text(body.body), breast: text(body.breast), butt: text(body.butt) },
    features: texts(raw.features),
    hobby: texts(raw.hobby),
    occupation: text(raw.occupation),
    personality: text(raw.personality),
    marital: text(raw.marital),
    name: typeof raw.name === 'string' ? raw.name.slice(0, 80) : null,
    voice: text(raw.voice),
    ...(isObject(raw.card) ? { card: cardText(raw.card) } : {}),
  };
}

// An imported card's prompt fields travel with the draft to the create call untouched (ADR 0361).
const CARD_KEYS = [
  'description',
  'personality',
  'scenario',
  'firstMes',
  'mesExample',
  'systemPrompt',
  'postHistoryInstructions',
] as const;

function cardText(raw: Json): CharacterCardText {
  const card: CharacterCardText = {};
  for (const key of CARD_KEYS) if (typeof raw[key] === 'string') card[key] = raw[key];
  return card;
}

function parseStored(raw: unknown): StoredWizard | null {
  if (!isObject(raw) || raw.version !== 1) return null;
  const draft = parseDraft(raw.draft);
  if (!draft) return null;
  const step = STEP_IDS.includes(raw.step as StepId) ? (raw.step as StepId) : 'style';
  return { version: 1, step, draft };
}

/** The draft's slot in session storage. */
export const draftStore = sessionStore<StoredWizard>(DRAFT_KEY, parseStored);
