import {
  CONTRACT_VERSION,
  type BrandInfo,
  type HubClient,
  type LifecycleProps,
  type RemoteLifecycles,
  type RemoteMountProps,
  type RemoteName,
  type ShellBus,
  type Transport,
  type TransportRequest,
} from '@companion/contracts';
import { createAppBus } from '@companion/event-bus';
import { FONT_STACKS } from '@companion/ui';
import { createAppHistory } from '@companion/history';

/** The brand the fake shell mounts remotes with. */
export const FAKE_BRAND: BrandInfo = {
  id: 'main',
  name: 'Companion',
  fontFamily: FONT_STACKS.manrope,
  supportEmail: 'support@example.com',
};

/** A transport answering from a handler keyed by `METHOD path` (e.g. `GET PersonModel/top`). */
export function createFakeTransport(
  handler: (key: string, init: TransportRequest) => unknown | Promise<unknown>,
): Transport & { calls: { key: string; init: TransportRequest }[] } {
  const calls: { key: string; init: TransportRequest }[] = [];
  return {
    calls,
    async request<T>(path: string, init: TransportRequest = {}): Promise<T> {
      const key = `${init.method ?? 'GET'} ${path}`;
      calls.push({ key, init });
      return (await handler(key, init)) as T;
    },
  };
}

/** A hub client that is never connected. */
export const DISCONNECTED_HUBS: HubClient = {
  state: () => 'Disconnected',
  invoke: () => Promise.reject(new Error('hubs are not connected in the fake shell')),
  stream: () => ({
    subscribe(observer) {
      queueMicrotask(() => observer.error(new Error('hubs are not connected in the fake shell')));
      return { dispose() {} };
    },
  }),
};

/**
 * Answers the shell-owned state intents as the shell does (`theme:change-requested` → `theme:changed`,
 * `category:change-requested` → `category:changed`), so a remote under test sees its request come back as state.
 */
export function installFakeShellState(bus: ShellBus): void {
  bus.handle('theme:change-requested', ({ mode }) => bus.publish('theme:changed', { mode }));
  bus.handle('category:change-requested', ({ category }) => bus.publish('category:changed', { category }));
}

/** Mount props as the shell would pass them, with a fresh bus (answering the state intents) and the window's history. */
export function createFakeMountProps(
  remote: RemoteName,
  overrides: Partial<RemoteMountProps> & { rootBus?: ShellBus } = {},
): RemoteMountProps & { rootBus: ShellBus } {
  let rootBus = overrides.rootBus;
  if (!rootBus) {
    rootBus = createAppBus();
    installFakeShellState(rootBus);
  }
  return {
    contractVersion: CONTRACT_VERSION,
    remote,
    remoteVersion: 'test',
    basename: '/',
    slot: 'route',
    history: createAppHistory(window),
    bus: rootBus.as(remote),
    transport: createFakeTransport(() => {
      throw new Error('no fake transport handler');
    }),
    hubs: DISCONNECTED_HUBS,
    brand: FAKE_BRAND,
    theme: 'dark',
    ...overrides,
    rootBus,
  };
}

/** Bootstraps and mounts a remote's lifecycles into a fresh element, as the shell's outlet does. */
export async function mountRemote(lifecycles: RemoteLifecycles, props: RemoteMountProps) {
  const domElement = document.createElement('div');
  document.body.append(domElement);
  const full: LifecycleProps = { ...props, name: `${props.remote}:${props.slot}`, domElement };
  await lifecycles.bootstrap(full);
  await lifecycles.mount(full);
  return {
    container: domElement,
    async unmount() {
      await lifecycles.unmount(full);
      domElement.remove();
    },
  };
}
