import type { PersonModel } from '@companion/contracts';

/** The first picture of a character (body images are URLs or objects with one), or null. */
export function firstImage(model: PersonModel | null): string | null {
  const image = model?.bodyImages[0];
  if (!image) return null;
  return typeof image === 'string' ? image : image.imageUrl;
}
