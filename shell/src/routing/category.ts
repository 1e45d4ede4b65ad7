import type { ShellBus } from '@companion/contracts';

/** Where the visitor's category preference is kept (000 §3 "Persisted client state": category). */
export const CATEGORY_KEY = 'persist:category';

/**
 * Makes `category:changed` the persisted preference: the stored value is replayed on the bus at start (explore
 * reads it to skip its welcome popup), and every later change, whoever publishes it, is stored.
 */
export function installCategoryPersistence(bus: ShellBus, storage: Storage): () => void {
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
  return () => subscription.unsubscribe();
}
