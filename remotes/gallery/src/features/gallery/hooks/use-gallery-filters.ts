import { useEffect, useState } from 'react';
import { categoryFromSearch, type Category } from '@companion/contracts';
import { useBus, useBusState, useRemoteLocation, useTrack, useVisitor } from '@companion/remote-kit';

/**
 * The gallery's category and secret flag. The category follows the stored preference (the shell's replayed
 * `category:changed`), then the `category` query, then realistic; choosing one stores it through the shell.
 * The secret switch exists only for users whose content is NSFW (000 §4); it is off for everyone else.
 */
export function useGalleryFilters() {
  const bus = useBus();
  const track = useTrack();
  const { search } = useRemoteLocation();
  const { nsfw } = useVisitor();
  const stored = useBusState('category:changed')?.category ?? null;
  const [category, setCategory] = useState<Category>(
    () => stored ?? categoryFromSearch(search) ?? 'realistic',
  );
  const [secretWanted, setSecretWanted] = useState(false);
  const canSeeSecret = nsfw;

  useEffect(() => {
    if (stored) setCategory(stored);
  }, [stored]);

  return {
    category,
    canSeeSecret,
    secret: canSeeSecret && secretWanted,
    chooseCategory(next: Category) {
      setCategory(next);
      track('gallery_category_selected', { category: next });
      bus.publish('category:change-requested', { category: next, source: 'gallery' });
    },
    chooseSecret(next: boolean) {
      setSecretWanted(next);
      track('gallery_secret_toggled', { secret: next });
    },
  };
}
