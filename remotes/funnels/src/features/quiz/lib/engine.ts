// The quiz engine's rules, pure: where the visitor is, what the answers make of the 000 §3 draft, and whether a
// variant's data is a valid quiz. The components only render a step and report answers.
import { characterNameError } from '@companion/contracts';
import { emptyCharacterDraft, type CharacterDraft } from '@companion/contracts';
import type { DraftPatch, QuizStep, Variant } from '../../../variants/types.ts';

/** Where a visitor is in a quiz and what they chose. */
export interface QuizState {
  index: number;
  /** Choice step id → option value. */
  answers: Record<string, string>;
  name: string;
}

export const START: QuizState = { index: 0, answers: {}, name: '' };

/** The step shown at `index`. */
export function stepAt(variant: Variant, state: QuizState): QuizStep {
  return variant.steps[Math.min(state.index, variant.steps.length - 1)]!;
}

/** Answers a choice step and moves on. */
export function answer(variant: Variant, state: QuizState, stepId: string, value: string): QuizState {
  return { ...state, answers: { ...state.answers, [stepId]: value }, index: nextIndex(variant, state) };
}

/** Moves to the next step (the last step stays). */
export function advance(variant: Variant, state: QuizState): QuizState {
  return { ...state, index: nextIndex(variant, state) };
}

/** Goes one step back; never before the first question once the welcome is passed. */
export function back(state: QuizState): QuizState {
  return { ...state, index: Math.max(0, state.index - 1) };
}

const nextIndex = (variant: Variant, state: QuizState) => Math.min(state.index + 1, variant.steps.length - 1);

/** Applies a patch to a draft; traits and body merge field by field. */
export function applyPatch(draft: CharacterDraft, patch: DraftPatch): CharacterDraft {
  const { traits, body, ...rest } = patch;
  return {
    ...draft,
    ...rest,
    traits: { ...draft.traits, ...traits },
    body: { ...draft.body, ...body },
  };
}

/** The draft the answers so far make: the variant's base, then each answered option in step order, then the name. */
export function draftOf(variant: Variant, state: QuizState): CharacterDraft {
  let draft = applyPatch(emptyCharacterDraft(), variant.base);
  for (const step of variant.steps) {
    if (step.kind !== 'choice') continue;
    const chosen = step.options.find((option) => option.value === state.answers[step.id]);
    if (chosen) draft = applyPatch(draft, chosen.patch);
  }
  const name = state.name.trim();
  if (name) draft = { ...draft, name };
  return draft;
}

/** The draft with one more option applied (a picture option shows the look it would give). */
export function previewOf(variant: Variant, state: QuizState, patch: DraftPatch): CharacterDraft {
  return applyPatch(draftOf(variant, state), patch);
}

/** Copy with `{name}` filled in. */
export function fill(text: string, name: string): string {
  return text.replaceAll('{name}', name.trim() || 'She');
}

/** How many steps a visitor answers (analytics' step count): every step but generate and landing. */
export function questionCount(variant: Variant): number {
  return variant.steps.filter((step) => step.kind !== 'generate' && step.kind !== 'landing').length;
}

/** The name rule of the wizard and the API: 1–40 characters, a letter first; letters, spaces, ' . - */
/** Why a name cannot be used, or null: the wizard's rule and words (`characterNameError`, contracts). */
export const nameError = characterNameError;

const ORDER = ['welcome', 'name', 'generate', 'landing'] as const;

/**
 * What is wrong with a variant's data (empty when it is a valid quiz): the character-quiz steps in order
 * (welcome first; name, generate and landing last), at least one question and a personality, unique step ids,
 * each question with two or more distinct options, every path absolute, and a draft complete enough for the
 * wizard to resume at its summary whatever the answers.
 */
export function variantProblems(variant: Variant): string[] {
  const problems: string[] = [];
  const kinds = variant.steps.map((step) => step.kind);
  if (kinds[0] !== 'welcome') problems.push('the first step must be welcome');
  if (kinds.slice(-3).join() !== 'name,generate,landing')
    problems.push('the last steps must be name, generate, landing');
  for (const kind of ORDER)
    if (kinds.filter((k) => k === kind).length !== 1) problems.push(`exactly one ${kind} step is needed`);
  const choices = variant.steps.filter((step) => step.kind === 'choice');
  if (choices.length === 0) problems.push('at least one question is needed');
  const personality = choices.some((step) => step.options.every((option) => option.patch.personality));
  if (!personality && !variant.base.personality) problems.push('a personality is needed');
  const ids = variant.steps.map((step) => step.id);
  if (new Set(ids).size !== ids.length) problems.push('step ids must be unique');
  for (const step of choices) {
    const values = step.options.map((option) => option.value);
    if (values.length < 2) problems.push(`${step.id}: at least two options`);
    if (new Set(values).size !== values.length) problems.push(`${step.id}: option values must be unique`);
  }
  const paths = Object.keys(variant.paths);
  if (paths.length === 0) problems.push('at least one path');
  for (const path of paths) if (!/^\/[\w/-]+$/.test(path)) problems.push(`path ${path} must be absolute`);
  return problems;
}

/** The draft fields the wizard needs before its summary (style, face, hair, body, personality, connection, name). */
export function missingDraftFields(draft: CharacterDraft): string[] {
  const required: [string, unknown][] = [
    ['style', draft.style],
    ['age', draft.age],
    ['ethnicity', draft.ethnicity],
    ['eyes', draft.eyes],
    ['hairStyle', draft.hairStyle],
    ['hairColor', draft.hairColor],
    ['body.body', draft.body.body],
    ['personality', draft.personality],
    ['connectionType', draft.connectionType],
    ['name', draft.name],
  ];
  return required
    .filter(([, value]) => value === null || value === undefined || value === '')
    .map(([field]) => field);
}
