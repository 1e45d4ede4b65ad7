import type { AppHistory, AppHistoryUpdate, AppLocation, AppTo } from '@companion/contracts';

type Listener = (update: AppHistoryUpdate) => void;

interface HistoryState {
  usr: unknown;
  key: string;
  idx: number;
}

function createKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** Splits a path string into pathname, search and hash. */
export function parsePath(path: string): { pathname?: string; search?: string; hash?: string } {
  const parsed: { pathname?: string; search?: string; hash?: string } = {};
  let rest = path;
  const hashIndex = rest.indexOf('#');
  if (hashIndex >= 0) {
    parsed.hash = rest.slice(hashIndex);
    rest = rest.slice(0, hashIndex);
  }
  const searchIndex = rest.indexOf('?');
  if (searchIndex >= 0) {
    parsed.search = rest.slice(searchIndex);
    rest = rest.slice(0, searchIndex);
  }
  if (rest) parsed.pathname = rest;
  return parsed;
}

/** Joins pathname, search and hash. */
export function createPath({
  pathname = '/',
  search = '',
  hash = '',
}: Partial<Omit<AppLocation, 'state' | 'key'>>): string {
  const s = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  const h = hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '';
  return `${pathname}${s}${h}`;
}

/**
 * A browser history that many React roots can listen to at once. react-router's own browser history
 * accepts a single listener, but the shell and the mounted remote each run a router over the same URL.
 */
export function createAppHistory(win: Window = window): AppHistory {
  const global = win.history;
  let action: AppHistoryUpdate['action'] = 'POP';
  const listeners = new Set<Listener>();

  const readIndex = (): number => (global.state as HistoryState | null)?.idx ?? 0;
  if (global.state === null || typeof (global.state as HistoryState).idx !== 'number') {
    global.replaceState({ ...(global.state as object | null), usr: null, key: 'default', idx: 0 }, '');
  }
  let index = readIndex();

  const readLocation = (): AppLocation => {
    const state = global.state as HistoryState | null;
    return {
      pathname: win.location.pathname,
      search: win.location.search,
      hash: win.location.hash,
      state: state?.usr ?? null,
      key: state?.key ?? 'default',
    };
  };
  let location = readLocation();

  const notify = (delta: number | null) => {
    location = readLocation();
    for (const listener of [...listeners]) listener({ action, location, delta });
  };

  const resolve = (to: AppTo): string => {
    if (typeof to === 'string') {
      return new URL(to, win.location.href).href.slice(win.location.origin.length);
    }
    return createPath({ pathname: location.pathname, ...to });
  };

  win.addEventListener('popstate', () => {
    action = 'POP';
    const next = readIndex();
    const delta = next - index;
    index = next;
    notify(delta);
  });

  const history: AppHistory = {
    get action() {
      return action;
    },
    get location() {
      return location;
    },
    createHref: (to) => resolve(to),
    createURL: (to) => new URL(resolve(to), win.location.origin),
    encodeLocation(to) {
      const url = new URL(resolve(to), win.location.origin);
      return { pathname: url.pathname, search: url.search, hash: url.hash };
    },
    push(to, state) {
      action = 'PUSH';
      index += 1;
      global.pushState({ usr: state ?? null, key: createKey(), idx: index }, '', resolve(to));
      notify(1);
    },
    replace(to, state) {
      action = 'REPLACE';
      global.replaceState({ usr: state ?? null, key: createKey(), idx: index }, '', resolve(to));
      notify(0);
    },
    go: (delta) => global.go(delta),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return history;
}
