import { useEffect, useState, type ComponentType } from 'react';

/** A component kept in its own chunk (see {@link deferredComponent}). */
export interface DeferredComponent<P> {
  /** Fetches the chunk once (again after a failure). */
  preload(): Promise<ComponentType<P>>;
  /**
   * The component once its chunk is here, else null (the caller shows something else meanwhile); fetches it when
   * `wanted`. Once a mount has it, that mount keeps it. A failed fetch leaves null, or with `throwOnError` (a whole
   * page, not an optional part) is thrown in render for the remote's error boundary, as `React.lazy` would.
   */
  useLoaded(wanted?: boolean, options?: { throwOnError?: boolean }): ComponentType<P> | null;
}

/**
 * A lazily loaded component without Suspense. `React.lazy` suspends on its first render even when the chunk is
 * already here, and React 19 holds a boundary's content back up to 300 ms after its fallback showed, so a chunk
 * fetched ahead (on hover) still cost a click ~300 ms. This one renders at once when loaded (ADR 0255).
 */
export function deferredComponent<P>(load: () => Promise<ComponentType<P>>): DeferredComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  return {
    preload,
    useLoaded(wanted = true, options = {}) {
      const [component, setComponent] = useState(() => (wanted ? loaded : null));
      const [failure, setFailure] = useState<{ error: unknown } | null>(null);
      const throwOnError = options.throwOnError === true;
      useEffect(() => {
        if (!wanted || component) return;
        let live = true;
        preload().then(
          (found) => live && setComponent(() => found),
          (error: unknown) => {
            if (live && throwOnError) setFailure({ error });
          },
        );
        return () => {
          live = false;
        };
      }, [wanted, component, throwOnError]);
      if (failure) throw failure.error;
      return component ?? (wanted ? loaded : null);
    },
  };
}
