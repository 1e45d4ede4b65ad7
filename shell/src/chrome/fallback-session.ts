import type { ShellBus, TokensBalance, Transport, User } from '@companion/contracts';
import type { SessionApi, SessionSnapshot } from '../session/session-api.ts';

const uuid = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : String(Math.random()).slice(2);

/**
 * A read-mostly stand-in for `services.session` while the session module has not landed it: it follows the
 * replayed bus facts and fetches `GET User` and `GET Tokens/balance` itself through the shell's transport.
 * The chrome prefers the real `SessionApi` whenever the composition root provides one.
 */
export function createFallbackSession(bus: ShellBus, transport: Transport): SessionApi {
  let snapshot: SessionSnapshot = {
    session: bus.current('session:changed') ?? { status: 'loading', userId: null, isSoftDeleted: false },
    user: bus.current('user:changed')?.user ?? null,
    balance: bus.current('tokens:balance-changed')?.balance ?? null,
    userKnown: bus.current('user:changed') !== undefined,
  };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<SessionSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    for (const listener of listeners) listener();
  };
  const statusOf = (user: User | null): SessionSnapshot['session'] => ({
    status: user ? (user.email ? 'registered' : 'anonymous') : 'signed-out',
    userId: user?.id ?? null,
    isSoftDeleted: false,
  });

  const refreshUser = async () => {
    try {
      const user = await transport.request<User>('User', { query: { requestID: uuid() } });
      set({ user, userKnown: true, session: statusOf(user) });
    } catch {
      set({ user: null, userKnown: true, session: statusOf(null) });
    }
  };
  const refreshBalance = async () => {
    try {
      const balance = await transport.request<TokensBalance>('Tokens/balance', {
        query: { requestID: uuid() },
      });
      set({ balance });
    } catch {
      set({ balance: { remainingTokens: 0, nextDailyTokenClaimDate: null, spentTokens: 0 } });
    }
  };

  bus.subscribe('session:changed', (session) => set({ session }));
  bus.subscribe('user:changed', ({ user }) => set({ user, userKnown: true }));
  bus.subscribe('tokens:balance-changed', ({ balance }) => set({ balance }));
  if (!snapshot.userKnown) void refreshUser().then(refreshBalance);

  return {
    snapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async requestMagicLink(email, destination) {
      await transport.request('Authenticate/passwordless-login', {
        method: 'POST',
        body: { email, destination },
      });
    },
    async logout() {
      localStorage.removeItem('persist:auth');
      await new Promise((resolve) => setTimeout(resolve, 500));
      window.location.assign('/');
    },
    refreshUser,
    refreshBalance,
    async claimDailyBonus() {
      let ok = true;
      let tokens: number | null = null;
      try {
        const result = await transport.request<{ claimedTokens?: number }>('Tokens/claim-bonus', {
          method: 'POST',
        });
        tokens = result.claimedTokens ?? null;
      } catch {
        ok = false;
      }
      await refreshBalance();
      return { ok, tokens };
    },
    googleClientId: null,
  };
}
