import type {
  AppHistory,
  SessionState,
  ShellBus,
  ThemeMode,
  TokenPair,
  TokensBalance,
  Transport,
  User,
} from '@companion/contracts';
import { AuthStore } from './auth-store.ts';
import { createFingerprint, type Fingerprint } from './fingerprint.ts';
import type { showOneTap } from './google-one-tap.ts';
import { decodeClaims } from './jwt.ts';
import type { SessionSnapshot } from './session-api.ts';

/** Spec 000 §9: logout and magic-link redirect delay. */
export const REDIRECT_DELAY_MS = 500;

/** What the session needs from its host. */
export interface SessionDeps {
  bus: ShellBus;
  history: AppHistory;
  storage?: Storage;
  fetchImpl?: typeof fetch;
  fingerprint?: Fingerprint;
  now?: () => number;
  /** Google sign-in client id; null hides Google sign-in. */
  googleClientId?: string | null;
  /** In-app browser (Facebook, Instagram, TikTok, …): auth is saved every 9 minutes for the hand-over. */
  inAppBrowser?: boolean;
  /**
   * A bot by its user agent, as the origin tells it (`bot.ts`): it never pre-registers (000 §8), so crawlers make no
   * anonymous users.
   */
  isBot?: boolean;
  /** Applies a theme handed over by saved auth. */
  applyTheme?: (mode: ThemeMode) => void;
  /** Full page reload (Google one-tap success). */
  reload?: () => void;
  uuid?: () => string;
  /** Google one-tap prompt (default: the Google Identity Services script). */
  showOneTap?: typeof showOneTap;
  /** Public answers the origin inlined into the HTML, for the transport (ADR 0082). */
  firstLoad?: Map<string, unknown>;
}

/** The session's mutable state, shared by its parts; only `emit()` publishes it. */
interface SessionFields {
  user: User | null;
  balance: TokensBalance | null;
  userKnown: boolean;
  /** The one refresh / pre-register in flight; every concurrent 401 or 410 waits for it. */
  pendingAuth: Promise<boolean> | null;
  /** Until start() has read the auth query, token changes do not trigger user and balance fetches. */
  started: boolean;
}

/**
 * What every part of the session shares: its dependencies, the auth store, the state, and the one `emit()`.
 * The parts (token lifecycle, arrival, account data, in-app hand-over) are functions over this core, so each
 * rule lives in one file while the state stays one record.
 */
export interface SessionCore {
  readonly deps: SessionDeps;
  readonly bus: ShellBus;
  readonly history: AppHistory;
  readonly store: AuthStore;
  readonly fingerprint: Fingerprint;
  readonly now: () => number;
  readonly uuid: () => string;
  readonly state: SessionFields;
  /** Set once by `createSession`: the transport is built from the token lifecycle, which itself calls it. */
  transport: Transport;
  /** Called by `emit()` when a different account is behind the tokens (the account data refetches). */
  onAccountChanged: () => void;
  /** 000 §7: a call that invalidates the user cache (POST/PUT Fingerprint) refetches the user. */
  onUserInvalidated: () => Promise<void>;
  sessionState(): SessionState;
  snapshot(): SessionSnapshot;
  /** Publishes what changed on the bus and notifies the chrome's listeners. */
  emit(): void;
  subscribe(listener: () => void): () => void;
  /** A timer that `stop()` clears. */
  later(ms: number, fn: () => void): void;
  /** Runs `task` unless one is in flight, in which case its result is shared. */
  exclusive(task: () => Promise<boolean>): Promise<boolean>;
  storeTokens(pair: TokenPair, extra?: { isAuth?: boolean; generatedUserId?: string | null }): void;
  /** Tokens of a signed-in account: the user is fetched again. */
  signedIn(pair: TokenPair): void;
  track(name: string, properties: Record<string, string | number | boolean | null>): void;
  /** An account was created: tracked as `sign_up` and published as `account:signed-up` (the ad pixels' sign up). */
  signedUp(method: string, userId: string | null): void;
  /** `start()` has read the auth query: from now on a change of account refetches user and balance. */
  markStarted(): void;
  stopTimers(): void;
}

/** Builds the shared core; `transport` is assigned by `createSession` right after. */
export function createSessionCore(deps: SessionDeps): SessionCore {
  const store = new AuthStore(deps.storage ?? localStorage);
  const listeners = new Set<() => void>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const state: SessionFields = {
    user: store.user()?.user ?? null,
    balance: null,
    userKnown: false,
    pendingAuth: null,
    started: false,
  };

  function sessionState(): SessionState {
    const auth = store.auth();
    const claims = decodeClaims(auth.accessToken ?? null);
    const userId = claims?.sub ?? null;
    const { user } = state;
    let status: SessionState['status'];
    if (!auth.accessToken && !auth.refreshToken)
      status = state.pendingAuth || !state.started ? 'loading' : 'signed-out';
    // The token already says who this is (a `webpage` claim marks a generated user), so the chrome need not
    // wait for `GET User` to show Login or the profile menu.
    else if (auth.isAuth || user?.email || (claims && typeof claims.webpage !== 'string'))
      status = 'registered';
    else if (claims || user) status = 'anonymous';
    else status = 'loading';
    return { status, userId, isSoftDeleted: auth.isSoftDeleted };
  }

  let snapshot: SessionSnapshot = {
    session: sessionState(),
    user: state.user,
    balance: state.balance,
    userKnown: state.userKnown,
  };
  let lastUserId: string | null = snapshot.session.userId;
  // `session:changed` is replayed state: a session restored from storage is published at once too, or remotes of
  // a returning visitor would see no session until it changed (emit only publishes changes).
  deps.bus.publish('session:changed', snapshot.session);

  const core: SessionCore = {
    deps,
    bus: deps.bus,
    history: deps.history,
    store,
    fingerprint: deps.fingerprint ?? createFingerprint(),
    now: deps.now ?? (() => Date.now()),
    uuid: deps.uuid ?? (() => crypto.randomUUID()),
    state,
    transport: undefined as unknown as Transport,
    onAccountChanged: () => {},
    onUserInvalidated: async () => {},
    sessionState,
    snapshot: () => snapshot,

    emit() {
      const session = sessionState();
      const previous = snapshot;
      const { user, balance, userKnown } = state;
      snapshot = { session, user, balance, userKnown };
      if (
        previous.session.status !== session.status ||
        previous.session.userId !== session.userId ||
        previous.session.isSoftDeleted !== session.isSoftDeleted
      ) {
        deps.bus.publish('session:changed', session);
      }
      if (previous.user !== user) deps.bus.publish('user:changed', { user });
      if (balance && previous.balance !== balance) deps.bus.publish('tokens:balance-changed', { balance });
      for (const listener of listeners) listener();
      // A different account behind the tokens: the old user and balance no longer apply.
      if (session.userId !== lastUserId) {
        lastUserId = session.userId;
        if (session.userId && state.started) core.onAccountChanged();
      }
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    later(ms, fn) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        fn();
      }, ms);
      timers.add(timer);
    },

    exclusive(task) {
      state.pendingAuth ??= task().finally(() => {
        state.pendingAuth = null;
      });
      return state.pendingAuth;
    },

    storeTokens(pair, extra = {}) {
      store.patchAuth({
        accessToken: pair.accessToken,
        refreshToken: pair.refreshToken,
        ...(extra.isAuth !== undefined ? { isAuth: extra.isAuth } : {}),
      });
      if (extra.generatedUserId !== undefined) store.setGeneratedUserId(extra.generatedUserId);
    },

    signedIn(pair) {
      const before = sessionState().userId;
      core.storeTokens(pair, { isAuth: true, generatedUserId: null });
      if (sessionState().userId !== before) {
        state.user = null;
        state.userKnown = false;
        core.emit();
        return;
      }
      // The same account, upgraded in place (the API registers an anonymous user under its id): keep showing
      // it while it is fetched again, since no change of account will trigger the refetch.
      core.emit();
      if (state.started) core.onAccountChanged();
    },

    track(name, properties) {
      deps.bus.publish('analytics:event-tracked', { name, properties });
    },

    signedUp(method, userId) {
      core.track('sign_up', userId ? { method, userId } : { method });
      deps.bus.publish('account:signed-up', { userId, method });
    },

    markStarted() {
      state.started = true;
      lastUserId = sessionState().userId;
    },

    stopTimers() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };

  return core;
}
