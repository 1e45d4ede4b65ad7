import { afterEach, describe, expect, it } from 'vitest';
import { DRAFT_KEY, draftStore, emptyDraft, parseDraft } from './draft.ts';

describe('character draft', () => {
  afterEach(() => window.sessionStorage.clear());

  it('should start empty with every trait at 50 (000 §9)', () => {
    const draft = emptyDraft();
    expect(draft.traits).toEqual({ kink: 50, libido: 50, nudity: 50 });
    expect(Object.keys(draft).sort()).toEqual(
      [
        'id',
        'style',
        'connectionType',
        'likeToTry',
        'intention',
        'rolePlay',
        'race',
        'traits',
        'age',
        'ethnicity',
        'eyes',
        'hairStyle',
        'hairColor',
        'body',
        'features',
        'hobby',
        'occupation',
        'personality',
        'marital',
        'name',
        'voice',
      ].sort(),
    );
  });

  it('should round-trip the draft and its step through session storage under one key', () => {
    const draft = { ...emptyDraft(), style: 'anime' as const, age: 30, likeToTry: ['games'], name: 'Rin' };
    draftStore.write({ version: 1, step: 'hair', draft });
    expect(JSON.parse(window.sessionStorage.getItem(DRAFT_KEY)!)).toEqual({
      version: 1,
      step: 'hair',
      draft,
    });
    expect(draftStore.read()).toEqual({ version: 1, step: 'hair', draft });
    draftStore.clear();
    expect(draftStore.read()).toBeNull();
  });

  it('should drop stored values of the wrong shape and default what is missing', () => {
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ version: 2, step: 'hair', draft: {} }));
    expect(draftStore.read()).toBeNull();
    window.sessionStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        version: 1,
        step: 'nowhere',
        draft: { style: 'cartoon', traits: { kink: 400 }, age: '20' },
      }),
    );
    expect(draftStore.read()).toEqual({ version: 1, step: 'style', draft: emptyDraft() });
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft([])).toBeNull();
  });
});
