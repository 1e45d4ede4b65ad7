import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { BusEventMap, BusEventName, RemoteBus, RemoteMountProps, Transport } from '@companion/contracts';

const MountPropsContext = createContext<RemoteMountProps | null>(null);

/**
 * A remote's root, the same in the browser and on the server (ADR 0452): the mount props for its components and the
 * marker element naming the remote and its build, so a server render and the client's first render agree. No box
 * of its own: the theme's global rule for `[data-remote][data-build-version]` (no inline style, which the CSP refuses
 * in served HTML).
 */
export const remoteRoot = (name: string, version: string, props: RemoteMountProps, children: ReactNode) => (
  <MountPropsProvider value={props}>
    <div data-remote={name} data-build-version={version}>
      {children}
    </div>
  </MountPropsProvider>
);

/** Makes the mount props available to a remote's components (inside the remote's own React root). */
export function MountPropsProvider({ value, children }: { value: RemoteMountProps; children: ReactNode }) {
  return <MountPropsContext.Provider value={value}>{children}</MountPropsContext.Provider>;
}

/** The props the shell mounted this remote with. */
export function useMountProps(): RemoteMountProps {
  const props = useContext(MountPropsContext);
  if (!props) throw new Error('useMountProps must be used inside a remote mounted by defineRemote()');
  return props;
}

/** The bus view of this remote. */
export function useBus(): RemoteBus {
  return useMountProps().bus;
}

/** The authenticated API transport. */
export function useTransport(): Transport {
  return useMountProps().transport;
}

/** The current value of a replayed bus event (`replay: 'last'`), re-rendering when it changes. */
export function useBusState<K extends BusEventName>(name: K): BusEventMap[K] | undefined {
  const bus = useBus();
  return useSyncExternalStore(
    (onChange) => {
      const sub = bus.subscribe(name, onChange);
      return () => sub.unsubscribe();
    },
    () => bus.current(name),
    // Nothing is replayed on the server, nor in the hydrating render that must match it (ADR 0453).
    () => undefined,
  );
}
