import type { Category, GalleryImage } from '@companion/contracts';

/** Gallery images shown per page step (spec 000 §9: 12 skeleton cards; one screenful at a time after). */
export const PAGE_SIZE = 12;

/**
 * The cache key of one gallery answer: per viewer, category and secret flag (spec 000 §3 "results are cached per
 * category and secret flag"). The viewer is part of it so a sign-in never shows the previous user's unlocks.
 */
export function galleryKey(userId: string, category: Category, secret: boolean): string {
  return `gallery|${userId}|${category}|${secret ? 'secret' : 'open'}`;
}

/**
 * Merges gallery answers by `galleryImageId` (spec 000 §3): entries already shown keep their place and take the
 * newer copy, new ids are appended. An unlocked copy is never replaced by a locked one (a refetch that started
 * before the unlock must not hide what was just paid for).
 */
export function mergeById(base: readonly GalleryImage[], updates: readonly GalleryImage[]): GalleryImage[] {
  const byId = new Map(updates.map((image) => [image.galleryImageId, image]));
  const merged = base.map((image) => {
    const update = byId.get(image.galleryImageId);
    if (!update) return image;
    byId.delete(image.galleryImageId);
    return image.isUnlocked && !update.isUnlocked ? image : update;
  });
  for (const image of byId.values()) merged.push(image);
  return merged;
}

/** What a card's button does for this visitor. */
export type CardAction = 'view' | 'sign-in' | 'unlock';

/** Open images open the lightbox; locked ones ask anonymous visitors to sign in, others to unlock (000 §6). */
export function cardAction(image: GalleryImage, loggedIn: boolean): CardAction {
  if (image.isUnlocked) return 'view';
  return loggedIn ? 'unlock' : 'sign-in';
}
