import type { BusEventName, HubClient, RegistrationNotification, RemoteBus } from '@companion/contracts';

// What the boot's facade (`hubs.ts`) and the lazily loaded connections (`hub-connections.ts`) share (ADR 0275).

/** What the hubs need from the session. */
export interface HubSession {
  hubAccessToken(): Promise<string>;
  /** `usedToken`: the token the failed connection presented (no reset when the session already moved on). */
  resetAfterHubGone(usedToken: string | null): Promise<void>;
  applyRegistration(notification: RegistrationNotification): Promise<void>;
}

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
 * A stream that subscribes once `ready` resolves (the connections' code, or a hub's connection): disposing before
 * then means it never subscribes, and a failed `ready` ends it with that error. Used by the boot's facade and by the
 * connections for a hub that is not connected yet.
 */
export function subscribeWhenReady<R>(
  ready: Promise<R>,
  start: (resolved: R) => { dispose(): void },
  observer: { error(error: unknown): void },
): { dispose(): void } {
  let disposed = false;
  let inner: { dispose(): void } | null = null;
  ready.then(
    (resolved) => {
      if (!disposed) inner = start(resolved);
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
}
