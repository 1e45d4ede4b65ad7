// What the shell hands a remote when it mounts it (architecture: "Mount props are one typed interface").
// Only props and the bus cross into a remote's own React root; router and context do not.
import type { BusEventMap, BusEventName, IntentName, Publisher } from './events.ts';
import type { HubConnectionState, HubName, RemoteName, ThemeMode } from './names.ts';

/** Brand variants one build serves (000 §1). */
export type BrandId =
  | 'main'
  | 'mainMirror'
  | 'getHarder'
  | 'svitlo'
  | 'myFriend'
  | 'myMate'
  | 'newGirl'
  | 'charmGirl'
  | 'fakeChat'
  | 'fbQuiz'
  | 'funnels';

/** Brand facts a remote may need: display name and font; the shell owns route sets and legal data. */
export interface BrandInfo {
  id: BrandId;
  name: string;
  fontFamily: string;
  supportEmail: string;
}

/** A location, as react-router's history sees it. */
export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

/** A navigation target. */
export type AppTo = string | Partial<Pick<AppLocation, 'pathname' | 'search' | 'hash'>>;

/** A history change. */
export interface AppHistoryUpdate {
  action: 'POP' | 'PUSH' | 'REPLACE';
  location: AppLocation;
  delta: number | null;
}

/**
 * The one browser history every React root shares. Shaped like react-router's `History` so a remote can
 * hand it to `unstable_HistoryRouter`; unlike react-router's own, it accepts many listeners.
 */
export interface AppHistory {
  readonly action: 'POP' | 'PUSH' | 'REPLACE';
  readonly location: AppLocation;
  createHref(to: AppTo): string;
  createURL(to: AppTo): URL;
  encodeLocation(to: AppTo): { pathname: string; search: string; hash: string };
  push(to: AppTo, state?: unknown): void;
  replace(to: AppTo, state?: unknown): void;
  go(delta: number): void;
  listen(listener: (update: AppHistoryUpdate) => void): () => void;
}

/** Why a transport call failed (000 §8: fetch, timeout and parsing errors are told apart). */
export type TransportErrorKind = 'fetch' | 'timeout' | 'parsing' | 'http';

/** The error every transport call rejects with. */
export interface TransportErrorShape extends Error {
  readonly kind: TransportErrorKind;
  readonly status: number | null;
  /** The API's JSON error (`{ error: { code, message, field? } }`) when there was one. */
  readonly body: unknown;
}

/** Options of one transport call. */
export interface TransportRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Milliseconds before the call fails with kind 'timeout'. */
  timeoutMs?: number;
  /** Send no bearer token (spec: the `Ignore-Authorization` opt-out). */
  ignoreAuthorization?: boolean;
  signal?: AbortSignal;
}

/** The authenticated API client the shell provides: auth header, 401 refresh, 410 flow, base URL. */
export interface Transport {
  /** Calls `/api/<path>` and parses JSON (or returns text when the response is not JSON). */
  request<T>(path: string, init?: TransportRequest): Promise<T>;
  /**
   * The public answer to a tokenless `GET` that the page already holds (the origin's first-load answers, ADR
   * 0082), at once, and only once (like the first request); undefined when it holds none. A first render that the
   * server rendered reads it, so the two agree (ADR 0453). Absent under a shell older than contract 1.5.
   */
  peek?<T>(path: string, query?: TransportRequest['query']): T | undefined;
}

/** A stream started on a hub; matches the SignalR client's `IStreamResult`. */
export interface HubStream<T> {
  subscribe(observer: { next(item: T): void; error(err: unknown): void; complete(): void }): {
    dispose(): void;
  };
}

/** The shell's hub connections, as a remote may use them. */
export interface HubClient {
  state(hub: HubName): HubConnectionState;
  invoke<T>(hub: HubName, method: string, ...args: unknown[]): Promise<T>;
  stream<T>(hub: HubName, method: string, ...args: unknown[]): HubStream<T>;
}

/** Unsubscribe handle. */
export interface Subscription {
  unsubscribe(): void;
}

/** The bus as a remote sees it: publishing is checked against the contract's publisher list. */
export interface RemoteBus {
  publish<K extends BusEventName>(name: K, payload: BusEventMap[K]): void;
  subscribe<K extends BusEventName>(name: K, listener: (payload: BusEventMap[K]) => void): Subscription;
  /** The last value of a replayed event, if any. */
  current<K extends BusEventName>(name: K): BusEventMap[K] | undefined;
}

/** The bus as the shell sees it: it may also register the one handler of an intent. */
export interface ShellBus extends RemoteBus {
  handle<K extends IntentName>(name: K, handler: (payload: BusEventMap[K]) => void): Subscription;
  /** A view that publishes as the given publisher. */
  as(publisher: Publisher): RemoteBus;
}

/** Everything a remote receives on mount. */
export interface RemoteMountProps {
  /** The contract version the shell speaks; a remote refuses an incompatible major. */
  contractVersion: string;
  remote: RemoteName;
  /** The version the registry says is live (for diagnostics). */
  remoteVersion: string;
  /** The top-level path this remote was mounted for, e.g. `/chat`; sub-routes live below it. */
  basename: string;
  /**
   * Which area asked for it: the route outlet or a named parcel slot ('settings': a panel of the settings page, 1.2;
   * 'sidebar': the left panel's promo banners).
   */
  slot: 'route' | 'paywall' | 'settings' | 'sidebar';
  history: AppHistory;
  bus: RemoteBus;
  transport: Transport;
  hubs: HubClient;
  brand: BrandInfo;
  theme: ThemeMode;
  /** Slot 'paywall' only: the request that opened it, and how to close it. */
  paywall?: {
    request: BusEventMap['paywall:open-requested'];
    close(): void;
    /** Offer flows: set when a short balance opened it; checkout shows its insufficient-tokens offer. */
    insufficient?: BusEventMap['tokens:insufficient-requested'];
  };
}
