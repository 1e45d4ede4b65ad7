import type { Category, ShellBus } from '@companion/contracts';
import { AuthStore } from '../session/auth-store.ts';

/** The key the category preference used before it joined the user slice; still read, never written. */
const LEGACY_CATEGORY_KEY = 'persist:category';

const isCategory = (value: unknown): value is Category => value === 'anime' || value === 'realistic';

/**
 * Makes `category:changed` shell-owned, persisted state, kept in the user slice (`persist:user`, 000 §3 "user
 * (payment method, category, country, user)"): the stored value is replayed on the bus at start (explore reads it
 * to skip its welcome popup), `category:change-requested` is answered with the new state, and every change is
 * stored. Installed by the composition root before anything renders.
 */
export function installCategoryState(bus: ShellBus, storage: Storage): () => void {
  const store = new AuthStore(storage);
  let stored: unknown = store.userSlice().category;
  try {
    stored ??= storage.getItem(LEGACY_CATEGORY_KEY);
  } catch {
    // Storage disabled: the preference lives for this page only.
  }
  if (isCategory(stored) && !bus.current('category:changed')) {
    bus.publish('category:changed', { category: stored });
  }
  const subscription = bus.subscribe('category:changed', ({ category }) =>
    store.patchUserSlice({ category }),
  );
  const handler = bus.handle('category:change-requested', ({ category }) =>
    bus.publish('category:changed', { category }),
  );
  return () => {
    subscription.unsubscribe();
    handler.unsubscribe();
  };
}
