// Session storage for the few things the spec keeps per tab (000 §3: the character-creation draft). Remotes use this,
// never `sessionStorage` itself: a value that does not parse or validate is dropped, and a browser that refuses
// storage (private mode, quota) degrades to "nothing stored" instead of throwing.

/** A typed slot in session storage. */
export interface SessionStore<T> {
  /** The stored value, or null when there is none or it failed `parse`. */
  read(): T | null;
  write(value: T): void;
  clear(): void;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * A session-storage slot under `key` holding JSON. `parse` receives the decoded JSON and returns the value or null
 * (it is the only gate: nothing read from storage is trusted).
 */
export function sessionStore<T>(key: string, parse: (raw: unknown) => T | null): SessionStore<T> {
  return {
    read() {
      const text = storage()?.getItem(key);
      if (!text) return null;
      try {
        return parse(JSON.parse(text));
      } catch {
        return null;
      }
    },
    write(value) {
      try {
        storage()?.setItem(key, JSON.stringify(value));
      } catch {
        // Quota or a disabled store: the draft simply does not survive a reload.
      }
    },
    clear() {
      try {
        storage()?.removeItem(key);
      } catch {
        // See write.
      }
    },
  };
}
