// The one bus contract (house style rule 4): every event name, its payload, its behaviour and who may publish it.
// Facts read `domain:subject-verbed`; intents read `domain:thing-requested` and have exactly one handler.
import type {
  Category,
  PaymentNotification,
  PaywallType,
  RegistrationNotification,
  TimeBombOffer,
  TokensBalance,
  User,
} from './entities.ts';
import type { HubConnectionState, HubName, RemoteName, ThemeMode } from './mount.ts';

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
  'category:changed': { category: Category };
  'hub:state-changed': { hub: HubName; state: HubConnectionState };
  'payment:notification-received': { notification: PaymentNotification };
  'registration:notification-received': { notification: RegistrationNotification };
  'gallery:image-unlocked': { galleryImageId: string; personModelId: string | null };
  'character:unlocked': { personModelId: string };
  'analytics:event-tracked': { name: string; properties: Record<string, string | number | boolean | null> };
  'remote:failed': { remote: RemoteName; code: RemoteFailureCode; message: string };
  'paywall:open-requested': {
    paywallType: PaywallType;
    source: string;
    offer?: TimeBombOffer;
    productId?: string;
  };
  'auth:login-requested': { mode: 'login' | 'expired'; source: string };
  'auth:logout-requested': { source: string };
  'theme:change-requested': { mode: ThemeMode };
  'tokens:balance-refresh-requested': { source: string };
  'user:refresh-requested': { source: string };
  'daily-bonus:open-requested': { source: string };
}

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

/** How an event behaves: state is replayed to late subscribers, facts and intents are not. */
export interface EventSpec {
  readonly kind: 'state' | 'fact' | 'intent';
  readonly replay: 'last' | 'none';
  readonly publishers: readonly Publisher[] | 'any';
  /** Intents only: the single handler. */
  readonly handler?: Publisher;
}

const ANY = 'any' as const;

/** The exhaustive behaviour table: adding an event without a row here fails the typecheck. */
export const BUS_EVENTS = {
  'session:changed': { kind: 'state', replay: 'last', publishers: ['shell'] },
  'user:changed': { kind: 'state', replay: 'last', publishers: ['shell'] },
  'tokens:balance-changed': { kind: 'state', replay: 'last', publishers: ['shell'] },
  'theme:changed': { kind: 'state', replay: 'last', publishers: ['shell'] },
  'category:changed': { kind: 'state', replay: 'last', publishers: ['shell', 'explore', 'funnels'] },
  'hub:state-changed': { kind: 'state', replay: 'last', publishers: ['shell'] },
  'payment:notification-received': { kind: 'fact', replay: 'none', publishers: ['shell'] },
  'registration:notification-received': { kind: 'fact', replay: 'none', publishers: ['shell'] },
  'gallery:image-unlocked': { kind: 'fact', replay: 'none', publishers: ['gallery', 'chat'] },
  'character:unlocked': { kind: 'fact', replay: 'none', publishers: ['explore', 'chat', 'checkout'] },
  'analytics:event-tracked': { kind: 'fact', replay: 'none', publishers: ANY },
  'remote:failed': { kind: 'fact', replay: 'none', publishers: ['shell'] },
  'paywall:open-requested': { kind: 'intent', replay: 'none', publishers: ANY, handler: 'shell' },
  'auth:login-requested': { kind: 'intent', replay: 'none', publishers: ANY, handler: 'shell' },
  'auth:logout-requested': { kind: 'intent', replay: 'none', publishers: ANY, handler: 'shell' },
  'theme:change-requested': { kind: 'intent', replay: 'none', publishers: ANY, handler: 'shell' },
  'tokens:balance-refresh-requested': { kind: 'intent', replay: 'none', publishers: ANY, handler: 'shell' },
  'user:refresh-requested': { kind: 'intent', replay: 'none', publishers: ANY, handler: 'shell' },
  'daily-bonus:open-requested': { kind: 'intent', replay: 'none', publishers: ANY, handler: 'shell' },
} as const satisfies { readonly [K in BusEventName]: EventSpec };

/** Names of the events that are intents (exactly one handler each). */
export type IntentName = {
  [K in BusEventName]: (typeof BUS_EVENTS)[K]['kind'] extends 'intent' ? K : never;
}[BusEventName];
