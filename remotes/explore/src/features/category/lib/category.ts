import type { Category } from '@companion/contracts';

/** The category explore opens with: the query parameter wins over the stored preference; realistic otherwise. */
export function initialCategory(fromQuery: Category | null, stored: Category | null): Category {
  return fromQuery ?? stored ?? 'realistic';
}

/** The welcome popup asks for a category on a first visit: no category parameter and no stored preference. */
export function shouldAskCategory(fromQuery: Category | null, stored: Category | null): boolean {
  return fromQuery === null && stored === null;
}
