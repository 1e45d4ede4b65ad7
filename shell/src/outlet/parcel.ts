import type { RemoteLifecycles, RemoteMountProps } from '@companion/contracts';

/** A mounted remote in a DOM element. */
export interface MountedParcel {
  update(props: RemoteMountProps): Promise<void>;
  unmount(): Promise<void>;
}

/** Mount did not settle in time (a remote stuck in its first render). */
export class MountTimeoutError extends Error {
  override readonly name = 'MountTimeoutError';
}

const withTimeout = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new MountTimeoutError(`${what} did not finish within ${ms} ms`)),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });

/**
 * Calls a remote's single-spa lifecycles directly (ADR 0003: our own outlet instead of single-spa's
 * mountRootParcel; same contract, none of single-spa's router in the host).
 */
export async function mountParcel(
  lifecycles: RemoteLifecycles,
  domElement: HTMLElement,
  props: RemoteMountProps,
  timeoutMs = 15_000,
): Promise<MountedParcel> {
  const name = `${props.remote}:${props.slot}`;
  let current = { ...props, name, domElement };
  await withTimeout(lifecycles.bootstrap(current), timeoutMs, `${name} bootstrap`);
  await withTimeout(lifecycles.mount(current), timeoutMs, `${name} mount`);
  let unmounted = false;
  return {
    async update(next) {
      current = { ...next, name, domElement };
      await lifecycles.update?.(current);
    },
    async unmount() {
      if (unmounted) return;
      unmounted = true;
      await lifecycles.unmount(current);
    },
  };
}
