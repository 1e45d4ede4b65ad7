import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { Transport } from '@companion/contracts';
import { useTransport } from '../remote-context.tsx';
import { resourceCacheFor, type ResourceSnapshot } from './resource-cache.ts';

/** What {@link useResource} returns. */
export interface ResourceState<T> extends ResourceSnapshot<T> {
  /** Fetches the key again, keeping the data shown meanwhile. */
  refetch(): void;
}

/** Options of {@link useResource}. */
export interface ResourceOptions<T = unknown> {
  /**
   * The key's answer when the page already holds it (`transport.peek`, the origin's first-load answers): the
   * first render shows it, as the server-rendered first screen did (ADR 0453), and nothing is fetched.
   */
  initial?: (transport: Transport) => T | undefined;
  /** Show this other key's cached data until the key's own answer arrives (e.g. the public list before the user's). */
  placeholderKey?: string;
  /** Keep showing the previous key's data while a new key loads. */
  keepPrevious?: boolean;
}

const IDLE: ResourceSnapshot<never> = {
  status: 'idle',
  data: undefined,
  error: undefined,
  refetching: false,
};

/**
 * Keyed data for a remote's component (`useResource('models|public', (t) => getTopModels(t, 'public'))`): the
 * fetch starts during render so the request leaves at once, concurrent users of a key share one request, and an
 * invalidated key shows its stale data while it refetches. `null` as key waits (nothing is fetched).
 */
export function useResource<T>(
  key: string | null,
  fetcher: (transport: Transport) => Promise<T>,
  options: ResourceOptions<T> = {},
): ResourceState<T> {
  const transport = useTransport();
  const cache = resourceCacheFor(transport);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const { initial } = options;
  const read = () =>
    key === null
      ? IDLE
      : cache.read(key, () => fetcherRef.current(transport), initial && (() => initial(transport)));
  read();
  const subscribe = useCallback(
    (onChange: () => void) => (key === null ? () => {} : cache.subscribe(key, onChange)),
    [cache, key],
  );
  // The same snapshot on the server and while hydrating: a server render's cache is seeded like the browser's.
  const snapshot = useSyncExternalStore(subscribe, read, read) as ResourceSnapshot<T>;

  // An error answer is retried when a component mounts with it, not in a loop on every render.
  useEffect(() => {
    if (key !== null && cache.read(key, () => fetcherRef.current(transport)).status === 'error')
      void cache.refetch(key);
  }, [cache, key, transport]);

  const previous = useRef<T | undefined>(undefined);
  let shown = snapshot;
  if (snapshot.data === undefined) {
    const stand =
      (options.placeholderKey ? cache.peek<T>(options.placeholderKey) : undefined) ??
      (options.keepPrevious ? previous.current : undefined);
    if (stand !== undefined)
      shown = { status: 'ready', data: stand, error: snapshot.error, refetching: true };
  }
  if (shown.data !== undefined) previous.current = shown.data;
  const refetch = useCallback(() => {
    if (key !== null) void cache.refetch(key);
  }, [cache, key]);
  return { ...shown, refetch };
}

/** Invalidates keys of this remote's cache (`'chats|*'` for a prefix); each refetches while showing stale data. */
export function useInvalidate(): (key: string) => void {
  const transport = useTransport();
  return useCallback((key) => resourceCacheFor(transport).invalidate(key), [transport]);
}
