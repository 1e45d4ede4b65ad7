// Browser storage for the few things the spec keeps on the device: per tab (000 §3: the character-creation draft)
// and persisted under `persist:` keys (000 §3: the payment slice). Remotes use these, never `sessionStorage` or
// `localStorage` themselves: a value that does not parse or validate is dropped, and a browser that refuses storage
// (private mode, quota) degrades to "nothing stored" instead of throwing.

/** A typed slot in session or local storage. */
export interface SessionStore<T> {
  /** The stored value, or null when there is none or it failed `parse`. */
  read(): T | null;
  write(value: T): void;
  clear(): void;
}

type Area = 'sessionStorage' | 'localStorage';

function storage(area: Area): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[area];
  } catch {
    return null;
  }
}

/**
 * A session-storage slot under `key` holding JSON. `parse` receives the decoded JSON and returns the value or null
 * (it is the only gate: nothing read from storage is trusted).
 */
export function sessionStore<T>(key: string, parse: (raw: unknown) => T | null): SessionStore<T> {
  return slot('sessionStorage', key, parse);
}

/**
 * A local-storage slot that survives reloads and the round trip to another site (000 §3 persisted client state).
 * The key must carry the spec's `persist:` prefix.
 */
export function persistStore<T>(
  key: `persist:${string}`,
  parse: (raw: unknown) => T | null,
): SessionStore<T> {
  return slot('localStorage', key, parse);
}

function slot<T>(area: Area, key: string, parse: (raw: unknown) => T | null): SessionStore<T> {
  return {
    read() {
      const text = storage(area)?.getItem(key);
      if (!text) return null;
      try {
        return parse(JSON.parse(text));
      } catch {
        return null;
      }
    },
    write(value) {
      try {
        storage(area)?.setItem(key, JSON.stringify(value));
      } catch {
        // Quota or a disabled store: the value simply does not survive a reload.
      }
    },
    clear() {
      try {
        storage(area)?.removeItem(key);
      } catch {
        // See write.
      }
    },
  };
}
