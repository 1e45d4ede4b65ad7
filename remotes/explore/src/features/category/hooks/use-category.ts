import { useEffect, useState } from 'react';
import { categoryFromSearch, type Category } from '@companion/contracts';
import { useBus, useBusState, useRemoteLocation, useRemoteNavigate, useTrack } from '@companion/remote-kit';
import { initialCategory, shouldAskCategory } from '../lib/category.ts';

/** What the explore filter shows: a category or the premium characters. */
export type ExploreFilter = Category | 'premium';

/**
 * The explore filter with the stored-preference rules (000 §2.3–§2.4): the query parameter, then the stored
 * preference (the shell's replayed `category:changed`), then realistic. Choosing realistic or anime stores it.
 */
export function useCategory() {
  const bus = useBus();
  const location = useRemoteLocation();
  const navigate = useRemoteNavigate();
  const track = useTrack();
  const fromQuery = categoryFromSearch(location.search);
  const stored = useBusState('category:changed')?.category ?? null;
  const [filter, setFilter] = useState<ExploreFilter>(() => initialCategory(fromQuery, stored));
  // Decided once, on arrival: a preference stored later (by the popup itself) must not re-open it.
  const [askOnArrival] = useState(() => shouldAskCategory(fromQuery, stored));
  // The popup is the browser's: not in the server's first screen, nor in the render that hydrates it (ADR 0453).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  // A preference arriving later (session restore, another tab's choice via the shell) moves the category view.
  useEffect(() => {
    if (stored) setFilter((current) => (current === 'premium' ? current : stored));
  }, [stored]);

  const store = (category: Category) => {
    bus.publish('category:change-requested', { category, source: 'explore' });
    // Keep the query truthful so a reload shows what was chosen (the parameter outranks the preference).
    if (fromQuery !== null && fromQuery !== category) {
      const params = new URLSearchParams(location.search);
      params.set('category', category);
      void navigate({ pathname: location.pathname, search: `?${params.toString()}` }, { replace: true });
    }
  };

  const choose = (next: ExploreFilter) => {
    setFilter(next);
    track('explore_filter_selected', { filter: next });
    if (next !== 'premium') store(next);
  };

  const answerWelcome = (category: Category) => {
    setFilter(category);
    track('welcome_popup_category_selected', { category });
    store(category);
  };

  return {
    filter,
    preference: stored,
    choose,
    welcomeOpen: mounted && askOnArrival && stored === null,
    answerWelcome,
  };
}
