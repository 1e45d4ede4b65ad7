import { useEffect, useRef } from 'react';
import { categoryFromSearch, type ShellBus } from '@companion/contracts';
import { installCategoryPersistence } from './category.ts';

/**
 * The shell's category rules: the stored preference is replayed and every change stored, and the query's
 * `category` parameter wins (000 §2.3, §5).
 */
export function useCategorySync(bus: ShellBus, search: string): void {
  // During the first render, not in an effect: the stored category must be on the bus before any remote mounts
  // (explore decides its welcome popup on arrival). App lives as long as the page, so it is never uninstalled.
  const installed = useRef(false);
  if (!installed.current) {
    installed.current = true;
    installCategoryPersistence(bus, localStorage);
  }
  useEffect(() => {
    const category = categoryFromSearch(search);
    if (category && bus.current('category:changed')?.category !== category) {
      bus.publish('category:changed', { category });
    }
  }, [bus, search]);
}
