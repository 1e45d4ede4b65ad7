import type {
  BusEventName,
  HubClient,
  HubConnectionState,
  HubName,
  HubStream,
  RemoteBus,
  ShellBus,
} from '@companion/contracts';
import type { HubSession } from './hub-connections.ts';

/** The bus facts the notification hubs publish: a remote listening to one opens them (ADR 0236). */
export const NOTIFICATION_FACTS: readonly BusEventName[] = [
  'payment:notification-received',
  'registration:notification-received',
];

/** Where hubs live (000 §7: `{host}/{hub name}` with an optional suffix); the reference stack serves `/hubs`. */
export interface HubEndpoint {
  /** Origin and path prefix of the hub server, without a trailing slash (`/hubs`, `https://rt.example.com`). */
  host: string;
  /** Appended after the hub name (a path or query the hub server needs), '' for none. */
  suffix: string;
}

/** The default endpoint: this origin's `/hubs`. */
export const DEFAULT_HUB_ENDPOINT: HubEndpoint = { host: '/hubs', suffix: '' };

/** The endpoint configured on the page (`<meta name="companion-hub-host|companion-hub-suffix">`), else the default. */
export function readHubEndpoint(doc: Document): HubEndpoint {
  const meta = (name: string) =>
    doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() ?? '';
  return {
    host: meta('companion-hub-host') || DEFAULT_HUB_ENDPOINT.host,
    suffix: meta('companion-hub-suffix'),
  };
}

/** The shell's hub connections: a `HubClient` for remotes plus lifecycle for bootstrap. */
export interface HubConnections extends HubClient {
  /** Follows the session (reopens open hubs for a new user, closes them when signed out). */
  start(): void;
  /** A remote's bus view whose first subscription to a notification fact opens the notification hubs. */
  listenedBus(view: RemoteBus): RemoteBus;
  stop(): Promise<void>;
}

/** The connections themselves, once their chunk has run. */
export interface LoadedHubConnections extends HubConnections {
  /** Opens the notification hubs now (once there is a user) and for every later session of the page. */
  wantNotifications(): void;
}

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
          let disposed = false;
          let inner: { dispose(): void } | null = null;
          ready().then(
            (hubs) => {
              if (!disposed) inner = hubs.stream<T>(hub, method, ...args).subscribe(observer);
            },
            (error: unknown) => {
              if (!disposed) observer.error(error);
            },
          );
          return {
            dispose() {
              disposed = true;
              inner?.dispose();
            },
          };
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
