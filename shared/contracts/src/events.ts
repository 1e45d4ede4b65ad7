// The one bus contract (house style rule 4): every event name, its payload, its behaviour and who may publish it.
// Facts read `domain:subject-verbed`; intents read `domain:thing-requested` and have exactly one handler.
import type { TokensBalance, User } from './entities/users.ts';
import type { Category } from './entities/characters.ts';
import type {
  PaymentNotification,
  PaywallType,
  RegistrationNotification,
  TimeBombOffer,
  Timer,
} from './entities/payments.ts';
import type { HubConnectionState, HubName, RemoteName, ThemeMode } from './names.ts';

/** Who is signed in, as the shell sees it. */
export interface SessionState {
  status: 'loading' | 'anonymous' | 'registered' | 'signed-out';
  userId: string | null;
  isSoftDeleted: boolean;
}

/** Payload of every event on the bus, by name. */
export interface BusEventMap {
  'session:changed': SessionState;
  'user:changed': { user: User | null };
  'tokens:balance-changed': { balance: TokensBalance };
  'theme:changed': { mode: ThemeMode };
  /**
   * Contract 1.4: the one NSFW determination (000 §4: the user's nEnabled or a stored attribution, never on an
   * SFW-only build, off for a google visitor without a subscription), the shell's. Remotes show adult copy,
   * imagery and secret photos by it (the kit's `useVisitor().nsfw`).
   */
  'content:mode-changed': { nsfw: boolean };
  /** The explore category in force: shell-owned state (query parameter, saved auth, stored preference, intent). */
  'category:changed': { category: Category };
  'hub:state-changed': { hub: HubName; state: HubConnectionState };
  'payment:notification-received': { notification: PaymentNotification };
  'registration:notification-received': { notification: RegistrationNotification };
  'gallery:image-unlocked': { galleryImageId: string; personModelId: string | null };
  'character:unlocked': { personModelId: string };
  'analytics:event-tracked': { name: string; properties: Record<string, string | number | boolean | null> };
  'remote:failed': { remote: RemoteName; code: RemoteFailureCode; message: string };
  /**
   * Contract 1.3: a remote asks the shell's error reporter to keep an error (000 §8): its error boundary caught a
   * render error (`render`, not a failed lazy import), or a failure it handled, with what it knew beside it
   * (001 §4 "the exception is reported with the backend response as extra data": `extra`).
   */
  'error:report-requested': {
    remote: RemoteName;
    message: string;
    /** `render` for an error boundary's catch; `unhandled` for a failure the remote handled. */
    kind: 'render' | 'unhandled';
    /** The remote's build version; the shell's own when absent. */
    version?: string;
    stack?: string;
    componentStack?: string;
    extra?: Record<string, unknown>;
  };
  'paywall:open-requested': {
    paywallType: PaywallType;
    source: string;
    offer?: TimeBombOffer;
    productId?: string;
    // Funnels: the quiz variants' paywall (001 §2): the 776 px modal (`lg`) headed 'Your Special
    // Discount Is Applied!'. Absent: the default paywall (600 px).
    presentation?: 'quiz-discount';
  };
  'auth:login-requested': { mode: 'login' | 'expired'; source: string };
  'auth:logout-requested': { source: string };
  'theme:change-requested': { mode: ThemeMode };
  /** Asks the shell to change the category; it answers with `category:changed`. */
  'category:change-requested': { category: Category; source: string };
  'tokens:balance-refresh-requested': { source: string };
  'user:refresh-requested': { source: string };
  'daily-bonus:open-requested': { source: string };
  /**
   * A paid action found the balance short (001 §2 "Insufficient tokens popup"): what was asked for and how many
   * tokens it needs. The shell opens checkout's paywall parcel with it, which shows the insufficient-tokens offer.
   */
  'tokens:insufficient-requested': { request: InsufficientTokensRequest; needed: number; source: string };
  /** The looping timers kept per id across reloads (001 §3): shell-owned, persisted state. */
  'timers:changed': { timers: Record<string, Timer> };
  /** Starts the timer `id` unless it already runs; the shell answers with `timers:changed` (contract 1.2). */
  'timer:start-requested': { id: string };
  // Tracking: the moments the ad pixels (001 §4) and the funnel report count.
  /** An account was created (registration notification, Google sign-up): the pixels' sign up. */
  'account:signed-up': { userId: string | null; method: string };
  /** A paywall is on screen (checkout's modal): the funnel report's "paywall shown". */
  'paywall:opened': { paywallType: PaywallType; source: string };
  /** The visitor picked a product on a paywall or pricing page: the pixels' add to cart. */
  'cart:product-added': { product: TrackedProduct; source: string };
  /** 'Continue' started a checkout for a product (just before the provider's page): the pixels' checkout opened. */
  'checkout:opened': { product: TrackedProduct; source: string };
  /** An order was paid (hub notification or status poll, once per order): the pixels' purchase and subscribe. */
  'payment:succeeded': { orderId: string; product: TrackedProduct; source: string };
}

/** A product as the ad pixels describe it (001 §4 price-event payload); `price` in cents. */
export interface TrackedProduct {
  id: string;
  name: string;
  price: number;
  isSubscription: boolean;
}

/** What a short balance interrupted: a chat message, a photo request (001 §2) or creating a character (000 §3). */
export type InsufficientTokensRequest = 'message' | 'photo' | 'character';

/** Stable codes for a remote that could not be shown (module-federation/core error-code style). */
export type RemoteFailureCode =
  | 'REMOTE_UNKNOWN'
  | 'REMOTE_LOAD_FAILED'
  | 'REMOTE_INTEGRITY_MISMATCH'
  | 'REMOTE_CONTRACT_INCOMPATIBLE'
  | 'REMOTE_MOUNT_FAILED'
  | 'REMOTE_RENDER_FAILED';

/** Every event name. */
export type BusEventName = keyof BusEventMap;

/** A publisher identity: the shell or one remote. */
export type Publisher = 'shell' | RemoteName;

/**
 * How an event behaves: state is replayed to late subscribers, facts are not, and an intent goes to its one
 * handler (the last one published before the handler registers is kept for it). Generic over the publisher so
 * `@companion/event-bus` runs any table of this shape.
 */
export interface EventSpec<P extends string = Publisher> {
  readonly kind: 'state' | 'fact' | 'intent';
  readonly replay: 'last' | 'none';
  readonly publishers: readonly P[] | 'any';
  /** Intents only: the single handler. */
  readonly handler?: P;
}

const ANY = 'any' as const;

/** The exhaustive behaviour table: adding an event without a row here fails the typecheck. */
export const BUS_EVENTS = {
  'session:changed': { kind: 'state', replay: 'last', publishers: ['shell'] },
  'user:changed': { kind: 'state', replay: 'last', publishers: ['shell'] },
  'tokens:balance-changed': { kind: 'state', replay: 'last', publishers: ['shell'] },
  'theme:changed': { kind: 'state', replay: 'last', publishers: ['shell'] },
  'content:mode-changed': { kind: 'state', replay: 'last', publishers: ['shell'] },
  // Contract 1.1: remotes ask with `category:change-requested`. explore and funnels stay listed until no live or
  // stored build of theirs publishes it (a rollback may bring one back); remove them at the next major (ADR 0121).
  'category:changed': { kind: 'state', replay: 'last', publishers: ['shell', 'explore', 'funnels'] },
  'hub:state-changed': { kind: 'state', replay: 'last', publishers: ['shell'] },
  'payment:notification-received': { kind: 'fact', replay: 'none', publishers: ['shell'] },
  'registration:notification-received': { kind: 'fact', replay: 'none', publishers: ['shell'] },
  'gallery:image-unlocked': { kind: 'fact', replay: 'none', publishers: ['gallery', 'chat'] },
  'character:unlocked': { kind: 'fact', replay: 'none', publishers: ['explore', 'chat', 'checkout'] },
  'analytics:event-tracked': { kind: 'fact', replay: 'none', publishers: ANY },
  'remote:failed': { kind: 'fact', replay: 'none', publishers: ['shell'] },
  'error:report-requested': { kind: 'intent', replay: 'none', publishers: ANY, handler: 'shell' },
  'paywall:open-requested': { kind: 'intent', replay: 'none', publishers: ANY, handler: 'shell' },
  'auth:login-requested': { kind: 'intent', replay: 'none', publishers: ANY, handler: 'shell' },
  'auth:logout-requested': { kind: 'intent', replay: 'none', publishers: ANY, handler: 'shell' },
  'theme:change-requested': { kind: 'intent', replay: 'none', publishers: ANY, handler: 'shell' },
  'category:change-requested': { kind: 'intent', replay: 'none', publishers: ANY, handler: 'shell' },
  'tokens:balance-refresh-requested': { kind: 'intent', replay: 'none', publishers: ANY, handler: 'shell' },
  'user:refresh-requested': { kind: 'intent', replay: 'none', publishers: ANY, handler: 'shell' },
  'daily-bonus:open-requested': { kind: 'intent', replay: 'none', publishers: ANY, handler: 'shell' },
  'tokens:insufficient-requested': { kind: 'intent', replay: 'none', publishers: ANY, handler: 'shell' },
  'timers:changed': { kind: 'state', replay: 'last', publishers: ['shell'] },
  'timer:start-requested': { kind: 'intent', replay: 'none', publishers: ANY, handler: 'shell' },
  // Tracking.
  'account:signed-up': { kind: 'fact', replay: 'none', publishers: ['shell'] },
  'paywall:opened': { kind: 'fact', replay: 'none', publishers: ['checkout', 'funnels'] },
  'cart:product-added': { kind: 'fact', replay: 'none', publishers: ['checkout', 'funnels'] },
  'checkout:opened': { kind: 'fact', replay: 'none', publishers: ['checkout', 'funnels'] },
  'payment:succeeded': { kind: 'fact', replay: 'none', publishers: ['checkout', 'funnels'] },
} as const satisfies { readonly [K in BusEventName]: EventSpec };

/** Names of the events that are intents (exactly one handler each). */
export type IntentName = {
  [K in BusEventName]: (typeof BUS_EVENTS)[K]['kind'] extends 'intent' ? K : never;
}[BusEventName];
