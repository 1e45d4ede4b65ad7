import { useEffect, useState } from 'react';
import type * as ChromePartsModule from './chrome-parts.ts';

/** The chrome's components (header, sidebar, bottom nav): the `chrome` chunk. */
type ChromeParts = typeof ChromePartsModule;

let parts: ChromeParts | null = null;
let pending: Promise<ChromeParts> | null = null;

/**
 * Loads the chrome's chunk once (ADR 0278). A page that shows the chrome awaits it before its first render (the
 * origin preloads it with the boot), so the header and navigation paint in the same frame as the page; a failed
 * load is retried by the next call.
 */
export function loadChrome(): Promise<ChromeParts> {
  pending ??= import(/* webpackChunkName: "chrome" */ './chrome-parts.ts').then(
    (loaded) => (parts = loaded),
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

/**
 * The chrome's components once loaded, else null (and, when `wanted`, starts the load: a visit that arrived on a
 * page without chrome and navigates to one). A failed load leaves the chrome out, as a chrome area's error
 * boundary would.
 */
export function useChromeParts(wanted: boolean): ChromeParts | null {
  const [loaded, setLoaded] = useState(parts);
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    loadChrome().then(
      (next) => live && setLoaded(next),
      (error: unknown) => console.error('[shell] the chrome failed to load', error),
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded]);
  return loaded ?? parts;
}
