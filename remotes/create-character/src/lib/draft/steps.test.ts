import { describe, expect, it } from 'vitest';
import type { CharacterDraft } from '@companion/contracts';
import { emptyDraft } from './draft.ts';
import { STEP_IDS, firstInvalidStep, stepOfField, toRequestBody, validateStep } from './steps.ts';

const complete = (): CharacterDraft => ({
  ...emptyDraft(),
  style: 'anime',
  age: 22,
  ethnicity: 'asian',
  race: 'elf',
  eyes: 'violet',
  hairStyle: 'twintails',
  hairColor: 'pink',
  body: { body: 'slim', breast: 'large', butt: 'medium' },
  features: ['glasses'],
  personality: 'playful',
  traits: { kink: 80, libido: 70, nudity: 90 },
  connectionType: 'girlfriend',
  likeToTry: ['flirting', 'dirty-talk'],
  hobby: ['anime'],
  name: "Yui O'Hara",
  voice: 'cheerful',
});

describe('wizard steps', () => {
  it('should start with style, end with the summary and own every draft field of 000 §3', () => {
    expect(STEP_IDS[0]).toBe('style');
    expect(STEP_IDS.at(-1)).toBe('summary');
    const owned = [
      'style',
      'age',
      'ethnicity',
      'race',
      'eyes',
      'hairStyle',
      'hairColor',
      'body.body',
      'body.breast',
      'body.butt',
      'features',
      'personality',
      'traits.kink',
      'traits.libido',
      'traits.nudity',
      'connectionType',
      'marital',
      'occupation',
      'intention',
      'rolePlay',
      'likeToTry',
      'hobby',
      'name',
      'voice',
    ];
    for (const field of owned) expect(stepOfField(field), field).not.toBeNull();
    expect(stepOfField('likeToTry.0')).toBe('relationship');
    expect(stepOfField('traits.kink')).toBe('personality');
    expect(stepOfField('unknown')).toBeNull();
    expect(stepOfField(null)).toBeNull();
  });

  it('should accept a complete draft on every step', () => {
    for (const step of STEP_IDS) expect(validateStep(step, complete(), { adult: true }), step).toEqual({});
    expect(firstInvalidStep(complete(), { adult: true }, 'summary')).toBeNull();
  });

  it('should name what is missing in readable words', () => {
    const draft = emptyDraft();
    expect(validateStep('style', draft, { adult: false })).toEqual({
      style: 'Choose realistic or anime to continue.',
    });
    expect(validateStep('face', draft, { adult: false })).toEqual({
      age: 'Enter her age.',
      ethnicity: 'Choose her ethnicity.',
      eyes: 'Choose an eye colour.',
    });
    expect(Object.keys(validateStep('hair', draft, { adult: false }))).toEqual(['hairStyle', 'hairColor']);
    expect(Object.keys(validateStep('body', draft, { adult: false }))).toEqual(['body.body']);
    expect(firstInvalidStep(draft, { adult: false }, 'summary')).toBe('style');
  });

  it.each([
    [17, 'Age must be a whole number from 18 to 60.'],
    [61, 'Age must be a whole number from 18 to 60.'],
    [20.5, 'Age must be a whole number from 18 to 60.'],
  ])('should refuse age %s', (age, message) => {
    expect(validateStep('face', { ...complete(), age }, { adult: true }).age).toBe(message);
  });

  it.each([
    ['', 'Give her a name.'],
    ['   ', 'Give her a name.'],
    ['<b>', 'Start with a letter; use only letters, spaces, apostrophes, dots and hyphens.'],
    ['1Mia', 'Start with a letter; use only letters, spaces, apostrophes, dots and hyphens.'],
    ['A'.repeat(41), 'A name has at most 40 characters.'],
  ])('should refuse the name %j', (name, message) => {
    expect(validateStep('name', { ...complete(), name }, { adult: true }).name).toBe(message);
  });

  it('should cap multi-selects and keep adult choices from non-NSFW users', () => {
    const draft = {
      ...complete(),
      hobby: ['a', 'b', 'c', 'd', 'e', 'f'],
      features: ['1', '2', '3', '4', '5', '6'],
    };
    expect(validateStep('relationship', draft, { adult: true }).hobby).toBe('Pick at most 5 hobbies.');
    expect(validateStep('body', draft, { adult: true }).features).toBe('Pick at most 5 features.');
    expect(validateStep('relationship', complete(), { adult: false }).likeToTry).toBe(
      'Remove the adult choices.',
    );
  });

  it('should send adult-only values only for NSFW users and trim the name', () => {
    const draft = { ...complete(), name: '  Yui ' };
    const safe = toRequestBody(draft, { adult: false });
    expect(safe.traits).toEqual({ kink: 50, libido: 70, nudity: 50 });
    expect(safe.body).toEqual({ body: 'slim', breast: null, butt: null });
    expect(safe.likeToTry).toEqual(['flirting']);
    expect(safe.name).toBe('Yui');
    const adult = toRequestBody(draft, { adult: true });
    expect(adult.traits).toEqual({ kink: 80, libido: 70, nudity: 90 });
    expect(adult.body.breast).toBe('large');
  });
});
