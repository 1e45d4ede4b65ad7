import { describe, expect, it } from 'vitest';
import { characterQuiz, looksQuestion, PERSONALITY_QUESTION } from '../../../variants/build.ts';
import type { Variant } from '../../../variants/types.ts';
import {
  START,
  advance,
  answer,
  applyPatch,
  back,
  draftOf,
  fill,
  nameError,
  questionCount,
  stepAt,
  variantProblems,
} from './engine.ts';
import { emptyCharacterDraft } from '@companion/contracts';

const quiz = characterQuiz({
  name: 'test',
  paths: { '/test': 'wizard' },
  tone: 'gray',
  questions: [looksQuestion('realistic'), PERSONALITY_QUESTION],
  copy: { eyebrow: 'e', title: 't', lead: 'l' },
});

describe('quiz engine', () => {
  it('should walk welcome → questions → name → generate → landing and stay on the landing', () => {
    let state = START;
    const seen: string[] = [];
    for (let i = 0; i < 8; i++) {
      seen.push(stepAt(quiz, state).id);
      state = advance(quiz, state);
    }
    expect(seen).toEqual([
      'welcome',
      'looks',
      'personality',
      'name',
      'generate',
      'landing',
      'landing',
      'landing',
    ]);
    expect(questionCount(quiz)).toBe(4);
  });

  it('should go back one step but not before the first', () => {
    const second = advance(quiz, START);
    expect(back(second).index).toBe(0);
    expect(back(START).index).toBe(0);
  });

  it('should build the draft from the base, the answers in step order and the trimmed name', () => {
    let state = advance(quiz, START);
    state = answer(quiz, state, 'looks', 'redhead');
    state = answer(quiz, state, 'personality', 'dominant');
    const draft = draftOf(quiz, { ...state, name: '  Ruby ' });
    expect(draft).toMatchObject({
      style: 'realistic',
      ethnicity: 'caucasian',
      hairColor: 'red',
      eyes: 'green',
      body: { body: 'average', breast: null, butt: null },
      personality: 'dominant',
      traits: { kink: 70, libido: 50, nudity: 50 },
      connectionType: 'girlfriend',
      name: 'Ruby',
    });
    expect(state.index).toBe(3);
  });

  it('should change an answer when the visitor goes back and picks another', () => {
    let state = answer(quiz, advance(quiz, START), 'looks', 'asian');
    state = answer(quiz, back(state), 'looks', 'latina');
    expect(draftOf(quiz, state).ethnicity).toBe('latina');
  });

  it('should merge nested patches field by field', () => {
    const draft = applyPatch(emptyCharacterDraft(), { body: { breast: 'large' }, traits: { libido: 80 } });
    expect(draft.body).toEqual({ body: null, breast: 'large', butt: null });
    expect(draft.traits).toEqual({ kink: 50, libido: 80, nudity: 50 });
  });

  it('should fill the name into copy, or say She', () => {
    expect(fill('Meet {name}, {name}!', 'Mia')).toBe('Meet Mia, Mia!');
    expect(fill('{name} is ready', ' ')).toBe('She is ready');
  });

  it('should apply the wizard name rule', () => {
    expect(nameError('Mia')).toBeNull();
    expect(nameError("O'Neil-Ann J.")).toBeNull();
    expect(nameError('  ')).toMatch(/name/);
    expect(nameError('1Mia')).toMatch(/letter/);
    expect(nameError('a'.repeat(41))).toMatch(/40/);
  });

  it('should report what makes a variant invalid', () => {
    const broken: Variant = {
      ...quiz,
      paths: { nope: 'wizard' },
      steps: [
        quiz.steps[1]!,
        { ...quiz.steps[2]!, id: 'looks' } as Variant['steps'][number],
        ...quiz.steps.slice(3, 5),
      ],
    };
    const problems = variantProblems(broken);
    expect(problems).toEqual(
      expect.arrayContaining([
        'the first step must be welcome',
        'the last steps must be name, generate, landing',
        'exactly one welcome step is needed',
        'step ids must be unique',
        'path nope must be absolute',
      ]),
    );
  });
});
