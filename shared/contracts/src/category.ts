import type { Category } from './entities/characters.ts';

/** The explore `category` parameter (000 §2.3, §5): anything other than `anime` is realistic. */
export function parseCategory(value: string | null | undefined): Category {
  return value === 'anime' ? 'anime' : 'realistic';
}

/** The category a query string asks for, or null when it has no `category` parameter. */
export function categoryFromSearch(search: string): Category | null {
  const params = new URLSearchParams(search);
  return params.has('category') ? parseCategory(params.get('category')) : null;
}
