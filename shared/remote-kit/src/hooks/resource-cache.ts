import type { Transport } from '@companion/contracts';

/** Spec 000 §9: cached query answers no component uses are kept for 60 s. */
export const KEEP_UNUSED_MS = 60_000;

/** One keyed answer as a component sees it. */
export interface ResourceSnapshot<T> {
  status: 'idle' | 'loading' | 'ready' | 'error';
  data: T | undefined;
  error: unknown;
  /** A fetch is in flight while `data` (now stale) is still shown. */
  refetching: boolean;
}

interface Entry {
  snapshot: ResourceSnapshot<unknown>;
  inFlight: Promise<unknown> | null;
  fetcher: () => Promise<unknown>;
  listeners: Set<() => void>;
  gc: ReturnType<typeof setTimeout> | null;
}

/**
 * A remote's keyed data cache: one fetch in flight per key (dedupe), stale answers shown while a refetch runs,
 * invalidation by key or key prefix, and entries nobody uses dropped after {@link KEEP_UNUSED_MS}. Each remote
 * bundles its own copy of the kit, so a cache is never shared between remotes (house style: no shared query cache).
 */
export class ResourceCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly keepUnusedMs = KEEP_UNUSED_MS) {}

  /**
   * The entry's snapshot; starts the first fetch of a key it has not seen, unless `seed` has its answer already
   * (an answer the page holds, ADR 0453: the first render then shows it, as the server's did).
   */
  read<T>(key: string, fetcher: () => Promise<T>, seed?: () => T | undefined): ResourceSnapshot<T> {
    let entry = this.entries.get(key);
    if (!entry) {
      const data = seed?.();
      entry = {
        snapshot: {
          status: data === undefined ? 'loading' : 'ready',
          data,
          error: undefined,
          refetching: false,
        },
        inFlight: null,
        fetcher,
        listeners: new Set(),
        gc: null,
      };
      this.entries.set(key, entry);
      if (data === undefined) this.run(key, entry);
      this.scheduleGc(key, entry);
    }
    entry.fetcher = fetcher;
    return entry.snapshot as ResourceSnapshot<T>;
  }

  /** The cached data of a key, if any (a placeholder for another key). */
  peek<T>(key: string): T | undefined {
    return this.entries.get(key)?.snapshot.data as T | undefined;
  }

  subscribe(key: string, listener: () => void): () => void {
    const entry = this.entries.get(key);
    if (!entry) return () => {};
    if (entry.gc) clearTimeout(entry.gc);
    entry.gc = null;
    entry.listeners.add(listener);
    return () => {
      entry.listeners.delete(listener);
      this.scheduleGc(key, entry);
    };
  }

  /** Fetches again, keeping the current data visible meanwhile; joins a fetch already in flight. */
  refetch(key: string): Promise<unknown> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    return this.run(key, entry);
  }

  /** Marks every key equal to `key`, or starting with it when it ends in `*`, as stale and refetches it. */
  invalidate(key: string): void {
    const prefix = key.endsWith('*') ? key.slice(0, -1) : null;
    for (const name of this.entries.keys())
      if (prefix === null ? name === key : name.startsWith(prefix)) void this.refetch(name);
  }

  private run(key: string, entry: Entry): Promise<unknown> {
    if (entry.inFlight) return entry.inFlight;
    if (entry.snapshot.status === 'ready') this.set(entry, { ...entry.snapshot, refetching: true });
    else if (entry.snapshot.status === 'error') this.set(entry, { ...entry.snapshot, status: 'loading' });
    const promise = entry.fetcher().then(
      (data) => {
        if (this.entries.get(key) === entry)
          this.set(entry, { status: 'ready', data, error: undefined, refetching: false });
      },
      (error: unknown) => {
        if (this.entries.get(key) !== entry) return;
        const { data } = entry.snapshot;
        // A failed refetch keeps the answer it had: stale data beats an error screen.
        this.set(entry, { status: data === undefined ? 'error' : 'ready', data, error, refetching: false });
      },
    );
    entry.inFlight = promise.finally(() => (entry.inFlight = null));
    return entry.inFlight;
  }

  private set(entry: Entry, snapshot: ResourceSnapshot<unknown>): void {
    entry.snapshot = snapshot;
    for (const listener of [...entry.listeners]) listener();
  }

  private scheduleGc(key: string, entry: Entry): void {
    if (entry.listeners.size > 0 || entry.gc) return;
    entry.gc = setTimeout(() => {
      if (entry.listeners.size === 0 && this.entries.get(key) === entry) this.entries.delete(key);
    }, this.keepUnusedMs);
  }
}

const caches = new WeakMap<Transport, ResourceCache>();

/** The cache of one transport: in a page that is the shell's one transport; each test's fake gets a fresh one. */
export function resourceCacheFor(transport: Transport): ResourceCache {
  let cache = caches.get(transport);
  if (!cache) caches.set(transport, (cache = new ResourceCache()));
  return cache;
}
