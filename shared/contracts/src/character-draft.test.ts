import { describe, expect, it } from 'vitest';
import { emptyCharacterDraft, wizardTileUrl } from './character-draft.ts';

describe('wizardTileUrl', () => {
  it('should ask the painter for the chosen looks only, realistic by default, in the portrait pose', () => {
    const draft = { ...emptyCharacterDraft(), eyes: 'green', hairColor: 'red' };
    expect(wizardTileUrl(draft)).toBe('/api/Image/wizard-tile?style=realistic&eyes=green&hairColor=red');
  });

  it('should name the pose and the body type when they are not the defaults', () => {
    const draft = {
      ...emptyCharacterDraft(),
      style: 'anime' as const,
      body: { body: 'curvy', breast: null, butt: null },
    };
    expect(wizardTileUrl(draft, 'standing')).toBe(
      '/api/Image/wizard-tile?style=anime&body=curvy&pose=standing',
    );
  });
});
