import type { ShellBus, ThemeMode } from '@companion/contracts';

const THEME_KEY = 'persist:theme';

/** The theme: persisted, applied to `<html data-theme>`, published on the bus for remotes. */
export interface ThemeStore {
  get(): ThemeMode;
  set(mode: ThemeMode): void;
  subscribe(listener: () => void): () => void;
}

/** Creates the theme store and publishes the initial theme. */
export function createThemeStore(
  bus: ShellBus,
  storage: Storage = localStorage,
  root: HTMLElement = document.documentElement,
): ThemeStore {
  let mode: ThemeMode = storage.getItem(THEME_KEY) === 'light' ? 'light' : 'dark';
  const listeners = new Set<() => void>();
  const apply = () => {
    root.dataset['theme'] = mode;
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
