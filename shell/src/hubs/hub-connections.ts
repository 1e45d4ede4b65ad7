import type {
  HubConnectionState,
  HubName,
  HubStream,
  PaymentNotification,
  RegistrationNotification,
  ShellBus,
} from '@companion/contracts';
import * as SignalRModule from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import {
  DEFAULT_HUB_ENDPOINT,
  NOTIFICATION_FACTS,
  subscribeWhenReady,
  type HubEndpoint,
  type HubSession,
  type LoadedHubConnections,
} from './hub-facts.ts';

/** Spec 000 §7 / 001 §9: reconnect after 0, 2, 10 and 30 s, then stop. */
export const HUB_RECONNECT_DELAYS_MS = [0, 2000, 10_000, 30_000];
/** Spec 001 §9: server timeout 30 s. */
export const HUB_SERVER_TIMEOUT_MS = 30_000;
/** Spec 001 §9: keep-alive 15 s. */
export const HUB_KEEP_ALIVE_MS = 15_000;
/** Spec 001 §9: HTTP (long-poll) timeout 100 s; the negotiate redirect limit (100) is the library's own. */
const HUB_HTTP_TIMEOUT_MS = 100_000;

/**
 * The notification hubs. They open once a remote listens to one of their facts (checkout waiting for a payment's
 * outcome) and from then on for every session of the page: before that no event of theirs can matter, so a first
 * visit does not download the SignalR client (ADR 0236). chatHub opens on the chat remote's first call.
 */
const NOTIFICATION_HUBS: readonly HubName[] = ['paymentNotificationHub', 'registrationNotificationHub'];

type SignalR = Pick<typeof SignalRModule, 'HubConnectionBuilder' | 'LogLevel'>;

interface Entry {
  connection: HubConnection | null;
  starting: Promise<HubConnection> | null;
  /** Bumped on every stop so a start that resolves late for an old session is discarded. */
  generation: number;
  /** The token this hub's connection last presented. */
  token: string | null;
}

/** A hub's URL: `{host}/{hub name}{suffix}`. */
function hubUrl(endpoint: HubEndpoint, hub: HubName): string {
  return `${endpoint.host.replace(/\/+$/, '')}/${hub}${endpoint.suffix}`;
}

/**
 * Creates the hub connections and republishes their events on the bus. This module and `@microsoft/signalr` are one
 * chunk that `hubs.ts` loads on first need (ADR 0275).
 */
export function createHubConnections(deps: {
  bus: ShellBus;
  session: HubSession;
  endpoint?: HubEndpoint;
  load?: () => Promise<SignalR>;
}): LoadedHubConnections {
  const { bus, session } = deps;
  const endpoint = deps.endpoint ?? DEFAULT_HUB_ENDPOINT;
  const load = deps.load ?? (async () => SignalRModule);
  const entries = new Map<HubName, Entry>();
  const states = new Map<HubName, HubConnectionState>();
  let goneRecoveries = 0;

  const setState = (hub: HubName, state: HubConnectionState) => {
    if (states.get(hub) === state) return;
    states.set(hub, state);
    bus.publish('hub:state-changed', { hub, state });
  };

  const entry = (hub: HubName): Entry => {
    let found = entries.get(hub);
    if (!found) {
      found = { connection: null, starting: null, generation: 0, token: null };
      entries.set(hub, found);
    }
    return found;
  };

  async function build(hub: HubName): Promise<HubConnection> {
    const signalR = await load();
    const connection = new signalR.HubConnectionBuilder()
      .withUrl(hubUrl(endpoint, hub), {
        accessTokenFactory: async () => (entry(hub).token = await session.hubAccessToken()),
        withCredentials: true,
        timeout: HUB_HTTP_TIMEOUT_MS,
      })
      .withAutomaticReconnect(HUB_RECONNECT_DELAYS_MS)
      .withServerTimeout(HUB_SERVER_TIMEOUT_MS)
      .withKeepAliveInterval(HUB_KEEP_ALIVE_MS)
      .configureLogging(signalR.LogLevel.Warning)
      .build();
    connection.onreconnecting(() => setState(hub, 'Reconnecting'));
    connection.onreconnected(() => setState(hub, 'Connected'));
    connection.onclose(() => setState(hub, 'Disconnected'));
    if (hub === 'paymentNotificationHub') {
      connection.on('PaymentNotification', (notification: PaymentNotification) =>
        bus.publish('payment:notification-received', { notification }),
      );
    }
    if (hub === 'registrationNotificationHub') {
      connection.on('RegistrationNotification', (notification: RegistrationNotification) => {
        bus.publish('registration:notification-received', { notification });
        void session.applyRegistration(notification);
      });
    }
    return connection;
  }

  function open(hub: HubName): Promise<HubConnection> {
    const current = entry(hub);
    if (current.connection && current.connection.state === 'Connected')
      return Promise.resolve(current.connection);
    if (current.starting) return current.starting;
    const generation = current.generation;
    current.starting = (async () => {
      const connection = current.connection ?? (await build(hub));
      current.connection = connection;
      setState(hub, 'Connecting');
      try {
        await connection.start();
      } catch (error) {
        setState(hub, 'Disconnected');
        throw error;
      }
      if (generation !== current.generation) {
        await connection.stop();
        throw new Error(`${hub}: the session changed while connecting`);
      }
      setState(hub, 'Connected');
      goneRecoveries = 0;
      return connection;
    })().finally(() => {
      current.starting = null;
    });
    return current.starting;
  }

  async function close(hub: HubName): Promise<void> {
    const current = entry(hub);
    current.generation += 1;
    const connection = current.connection;
    current.connection = null;
    if (connection) {
      setState(hub, 'Disconnecting');
      await connection.stop().catch(() => {});
      setState(hub, 'Disconnected');
    }
  }

  /** Spec 001 §8: a 410 on connect resets the session (new guest, fingerprint again); other failures are logged. */
  async function connectLogged(hub: HubName): Promise<void> {
    try {
      await open(hub);
    } catch (error) {
      const status = (error as { statusCode?: number } | null)?.statusCode;
      if (status === 410 && goneRecoveries < 1) {
        goneRecoveries += 1;
        await session.resetAfterHubGone(entry(hub).token);
        // The new session's user id change reopens the hubs (see start()).
        return;
      }
      console.warn(`[hubs] ${hub} failed to connect`, error);
    }
  }

  let lastUserId: string | null | undefined;
  let unsubscribe: (() => void) | null = null;
  let notificationsWanted = false;
  const wantNotifications = () => {
    if (notificationsWanted) return;
    notificationsWanted = true;
    if (lastUserId) void Promise.all(NOTIFICATION_HUBS.map(connectLogged));
  };

  return {
    state: (hub) =>
      (entries.get(hub)?.connection?.state as HubConnectionState | undefined) ??
      states.get(hub) ??
      'Disconnected',

    async invoke<T>(hub: HubName, method: string, ...args: unknown[]): Promise<T> {
      const connection = await open(hub);
      return connection.invoke<T>(method, ...args);
    },

    stream<T>(hub: HubName, method: string, ...args: unknown[]): HubStream<T> {
      return {
        subscribe(observer) {
          // Connected: the invocation leaves now, not a microtask later behind the render the caller's own state
          // updates schedule (the chat's send → first reply text, ADR 0255).
          const connected = entries.get(hub)?.connection;
          if (connected?.state === 'Connected')
            return connected.stream<T>(method, ...args).subscribe(observer);
          return subscribeWhenReady(
            open(hub),
            (connection) => connection.stream<T>(method, ...args).subscribe(observer),
            observer,
          );
        },
      };
    },

    start() {
      if (unsubscribe) return;
      // Connections belong to one user: a new user id reopens them, signed-out closes them.
      unsubscribe = bus.subscribe('session:changed', (state) => {
        if (state.userId === lastUserId) return;
        const hadUser = lastUserId;
        lastUserId = state.userId;
        const wasOpen = [...entries.keys()].filter((hub) => entries.get(hub)?.connection);
        void (async () => {
          if (hadUser) await Promise.all([...entries.keys()].map(close));
          if (!state.userId) return;
          const hubs = new Set<HubName>([...(notificationsWanted ? NOTIFICATION_HUBS : []), ...wasOpen]);
          await Promise.all([...hubs].map(connectLogged));
        })();
      }).unsubscribe;
    },

    wantNotifications,

    listenedBus(view) {
      return {
        ...view,
        subscribe(name, listener) {
          if (NOTIFICATION_FACTS.includes(name)) wantNotifications();
          return view.subscribe(name, listener);
        },
      };
    },

    async stop() {
      unsubscribe?.();
      unsubscribe = null;
      await Promise.all([...entries.keys()].map(close));
    },
  };
}
