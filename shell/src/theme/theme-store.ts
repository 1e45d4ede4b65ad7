import { LIGHT_THEME_PARAM, lightThemeRequested, type ShellBus, type ThemeMode } from '@companion/contracts';
import { applyTheme } from '@companion/ui/theme';
import { MAIN_BRAND } from '../brand/brand.ts';

const THEME_KEY = 'persist:theme';

/** The theme: persisted, applied to `<html>` with the brand's font, published on the bus for remotes. */
export interface ThemeStore {
  get(): ThemeMode;
  set(mode: ThemeMode): void;
  subscribe(listener: () => void): () => void;
}

/** Build defaults of {@link initialTheme}. */
export interface ThemeDefaults {
  /** The brand's build default (000 §1: the funnel build defaults to dark). */
  defaultTheme: ThemeMode;
  /** The page's query string, for the light-theme flag. */
  search: string;
}

/**
 * The theme a page load starts with: the light-theme query flag wins (and is then persisted, so it survives
 * navigation that drops it); then the visitor's stored choice; then the build default.
 */
export function initialTheme(stored: string | null, { defaultTheme, search }: ThemeDefaults): ThemeMode {
  if (lightThemeRequested(search)) return 'light';
  if (stored === 'light' || stored === 'dark') return stored;
  return defaultTheme;
}

/** Creates the theme store, applies the theme with the brand's font and publishes it. */
export function createThemeStore(
  bus: ShellBus,
  fontFamily: string,
  storage: Storage = localStorage,
  defaults: ThemeDefaults = {
    defaultTheme: MAIN_BRAND.defaultTheme,
    search: typeof location === 'undefined' ? '' : location.search,
  },
): ThemeStore {
  const stored = storage.getItem(THEME_KEY);
  let mode: ThemeMode = initialTheme(stored, defaults);
  if (mode !== stored && new URLSearchParams(defaults.search).has(LIGHT_THEME_PARAM)) {
    storage.setItem(THEME_KEY, mode);
  }
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
