import type { HubConnectionState, HubName, HubStream, RemoteBus, ShellBus } from '@companion/contracts';
import {
  NOTIFICATION_FACTS,
  subscribeWhenReady,
  type HubConnections,
  type HubEndpoint,
  type HubSession,
  type LoadedHubConnections,
} from './hub-facts.ts';

/**
 * The hub connections as the boot ships them (ADR 0275): what remotes call, with the connections' code and the
 * SignalR client in one chunk loaded on the first call, stream or listened notification fact. Until then every hub
 * is `Disconnected`, which is what it was before (ADR 0236: nothing opens a hub earlier).
 */
export function createHubs(deps: {
  bus: ShellBus;
  session: HubSession;
  endpoint?: HubEndpoint;
  load?: () => Promise<{
    createHubConnections(deps: {
      bus: ShellBus;
      session: HubSession;
      endpoint?: HubEndpoint;
    }): LoadedHubConnections;
  }>;
}): HubConnections {
  const load = deps.load ?? (() => import(/* webpackChunkName: "hubs" */ './hub-connections.ts'));
  let loaded: LoadedHubConnections | null = null;
  let loading: Promise<LoadedHubConnections> | null = null;
  let started = false;
  const ready = (): Promise<LoadedHubConnections> =>
    (loading ??= load().then(({ createHubConnections }) => {
      const hubs = createHubConnections({ bus: deps.bus, session: deps.session, endpoint: deps.endpoint });
      if (started) hubs.start();
      loaded = hubs;
      return hubs;
    }));
  return {
    state: (hub: HubName): HubConnectionState => loaded?.state(hub) ?? 'Disconnected',

    async invoke<T>(hub: HubName, method: string, ...args: unknown[]): Promise<T> {
      return (await ready()).invoke<T>(hub, method, ...args);
    },

    stream<T>(hub: HubName, method: string, ...args: unknown[]): HubStream<T> {
      // Loaded: the connections' own stream, with its synchronous path for a connected hub (ADR 0255).
      if (loaded) return loaded.stream<T>(hub, method, ...args);
      return {
        subscribe(observer) {
          return subscribeWhenReady(
            ready(),
            (hubs) => hubs.stream<T>(hub, method, ...args).subscribe(observer),
            observer,
          );
        },
      };
    },

    start() {
      started = true;
      loaded?.start();
    },

    listenedBus(view: RemoteBus): RemoteBus {
      return {
        ...view,
        subscribe(name, listener) {
          if (NOTIFICATION_FACTS.includes(name)) {
            ready().then(
              (hubs) => hubs.wantNotifications(),
              (error: unknown) => console.warn('[hubs] the hub connections did not load', error),
            );
          }
          return view.subscribe(name, listener);
        },
      };
    },

    async stop() {
      started = false;
      if (loading) await (await loading).stop();
    },
  };
}
