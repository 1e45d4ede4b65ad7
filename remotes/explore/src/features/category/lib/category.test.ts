import { describe, expect, it } from 'vitest';
import { categoryFromSearch } from '@companion/contracts';
import { initialCategory, shouldAskCategory } from './category.ts';

describe('category rules', () => {
  it('should treat anything other than anime as realistic and a missing parameter as none', () => {
    expect(categoryFromSearch('?category=anime')).toBe('anime');
    expect(categoryFromSearch('?category=ANIME')).toBe('realistic');
    expect(categoryFromSearch('?category=')).toBe('realistic');
    expect(categoryFromSearch('?utm_source=x')).toBeNull();
  });

  it('should prefer the query over the stored preference', () => {
    expect(initialCategory('anime', 'realistic')).toBe('anime');
    expect(initialCategory(null, 'anime')).toBe('anime');
    expect(initialCategory(null, null)).toBe('realistic');
  });

  it('should ask only with neither a parameter nor a stored preference', () => {
    expect(shouldAskCategory(null, null)).toBe(true);
    expect(shouldAskCategory('realistic', null)).toBe(false);
    expect(shouldAskCategory(null, 'anime')).toBe(false);
  });
});
