import { useEffect } from 'react';
import { categoryFromSearch, type ShellBus } from '@companion/contracts';

/** The query's `category` parameter wins over the stored preference (000 §2.3, §5). */
export function useCategoryFromQuery(bus: ShellBus, search: string): void {
  useEffect(() => {
    const category = categoryFromSearch(search);
    if (category && bus.current('category:changed')?.category !== category) {
      bus.publish('category:changed', { category });
    }
  }, [bus, search]);
}
