import type { ShellBus, ThemeMode } from '@companion/contracts';
import { applyTheme } from '@companion/ui/theme';

const THEME_KEY = 'persist:theme';

/** The theme: persisted, applied to `<html>` with the brand's font, published on the bus for remotes. */
export interface ThemeStore {
  get(): ThemeMode;
  set(mode: ThemeMode): void;
  subscribe(listener: () => void): () => void;
}

/** Creates the theme store, applies the theme with the brand's font and publishes it. */
export function createThemeStore(
  bus: ShellBus,
  fontFamily: string,
  storage: Storage = localStorage,
): ThemeStore {
  let mode: ThemeMode = storage.getItem(THEME_KEY) === 'light' ? 'light' : 'dark';
  const listeners = new Set<() => void>();
  const apply = () => {
    applyTheme({ mode, fontFamily });
    bus.publish('theme:changed', { mode });
  };
  apply();
  return {
    get: () => mode,
    set(next) {
      if (next === mode) return;
      mode = next;
      storage.setItem(THEME_KEY, mode);
      apply();
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
