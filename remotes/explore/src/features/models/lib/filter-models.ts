import type { Category, PersonModel } from '@companion/contracts';

/** What the explore filter shows: the two categories or the premium characters. */
export type ModelFilter = Category | 'premium';

/**
 * The explore filter rule (000 §2.4): realistic → non-anime, anime → anime, premium → premium characters, anime
 * first when the stored preference is anime. The API's order is kept otherwise.
 */
export function filterModels(
  models: readonly PersonModel[],
  filter: ModelFilter,
  preference: Category | null,
): PersonModel[] {
  if (filter === 'realistic') return models.filter((model) => !model.isAnime);
  if (filter === 'anime') return models.filter((model) => model.isAnime);
  const premium = models.filter((model) => model.isPremium);
  if (preference !== 'anime') return premium;
  return [...premium.filter((model) => model.isAnime), ...premium.filter((model) => !model.isAnime)];
}

/** The first image of a character, whichever shape the API used (000 §3: strings or objects). */
export function coverImage(model: PersonModel): string | null {
  const first = model.bodyImages[0];
  if (first === undefined) return model.paywallImage;
  return typeof first === 'string' ? first : first.imageUrl;
}

/** Whether opening the character needs an unlock first, and which kind. */
export function lockOf(model: PersonModel): 'premium' | 'locked' | null {
  if (model.isLockedPremiumModel) return 'premium';
  if (model.isLocked) return 'locked';
  return null;
}
