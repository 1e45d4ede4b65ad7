import { useEffect, useState } from 'react';
import type { Category, GalleryImage, PersonModel } from '@companion/contracts';
import { useBus, useInvalidate, useResource, useVisitor } from '@companion/remote-kit';
import { getCharacters, getGalleryImages } from '../api/gallery-api.ts';
import { galleryKey, mergeById } from '../lib/gallery-cache.ts';

/** What the gallery page shows for one category and secret flag. */
export interface GalleryState {
  images: GalleryImage[] | null;
  status: 'loading' | 'ready' | 'error';
  /** The API's error code when the list failed (e.g. `nsfw_not_confirmed`). */
  error: unknown;
  names: ReadonlyMap<string, string>;
  /** Merges an unlocked copy into this key's list at once (no reload), then refetches in the background. */
  applyUnlock(image: GalleryImage): void;
  retry(): void;
}

/**
 * The gallery list of one category and secret flag, cached per key by the kit's `useResource` and merged by id
 * with what this page unlocked (spec 000 §3). Waits for the shell's session: the API lists per user.
 */
export function useGallery(category: Category, secret: boolean): GalleryState {
  const bus = useBus();
  const invalidate = useInvalidate();
  // The shell publishes the session at once, a restored one included (session-core), so it alone names the user.
  const userId = useVisitor().session?.userId ?? null;
  const key = userId ? galleryKey(userId, category, secret) : null;
  const list = useResource(key, (transport) => getGalleryImages(transport, category, secret));
  const characters = useResource(userId ? `characters|${userId}` : null, getCharacters);
  const [unlocked, setUnlocked] = useState<Record<string, GalleryImage[]>>({});

  // An unlock elsewhere (the chat remote) makes every cached list stale.
  useEffect(() => {
    const subscription = bus.subscribe('gallery:image-unlocked', () => invalidate('gallery|*'));
    return () => subscription.unsubscribe();
  }, [bus, invalidate]);

  const names = namesOf(characters.data);
  const images = list.data ? mergeById(list.data, key ? (unlocked[key] ?? []) : []) : null;
  return {
    images,
    status: images ? 'ready' : list.status === 'error' ? 'error' : 'loading',
    error: list.error,
    names,
    applyUnlock(image) {
      if (!key) return;
      setUnlocked((current) => ({ ...current, [key]: mergeById(current[key] ?? [], [image]) }));
    },
    retry: list.refetch,
  };
}

const EMPTY = new Map<string, string>();
let lastModels: PersonModel[] | undefined;
let lastNames: ReadonlyMap<string, string> = EMPTY;

function namesOf(models: PersonModel[] | undefined): ReadonlyMap<string, string> {
  if (!models) return EMPTY;
  if (models !== lastModels) {
    lastModels = models;
    lastNames = new Map(models.map((model) => [model.id, model.firstName]));
  }
  return lastNames;
}
