import type { ShellBus } from '@companion/contracts';

/** Where the visitor's category preference is kept (000 §3 "Persisted client state": category). */
const CATEGORY_KEY = 'persist:category';

/**
 * Makes `category:changed` shell-owned, persisted state: the stored value is replayed on the bus at start (explore
 * reads it to skip its welcome popup), `category:change-requested` is answered with the new state, and every
 * change is stored. Installed by the composition root before anything renders.
 */
export function installCategoryState(bus: ShellBus, storage: Storage): () => void {
  let stored: string | null = null;
  try {
    stored = storage.getItem(CATEGORY_KEY);
  } catch {
    // Storage disabled: the preference lives for this page only.
  }
  if ((stored === 'anime' || stored === 'realistic') && !bus.current('category:changed')) {
    bus.publish('category:changed', { category: stored });
  }
  const subscription = bus.subscribe('category:changed', ({ category }) => {
    try {
      storage.setItem(CATEGORY_KEY, category);
    } catch {
      // See above.
    }
  });
  const handler = bus.handle('category:change-requested', ({ category }) =>
    bus.publish('category:changed', { category }),
  );
  return () => {
    subscription.unsubscribe();
    handler.unsubscribe();
  };
}
