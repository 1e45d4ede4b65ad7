import type { TokensBalance, User } from '@companion/contracts';
import { oneTapAllowed, showOneTap } from './google-one-tap.ts';
import type { SessionCore } from './session-core.ts';
import { applyUserFetch } from './user-rules.ts';

/** Spec 000 §4/§9: subscribed users with no spending refetch once after 5 s. */
const SUBSCRIBER_REFETCH_DELAY_MS = 5000;

/** The user and balance the session keeps: fetching, the fetch rules, and the subscriber refetch. */
export interface AccountData {
  fetchUser(): Promise<void>;
  /** Applies a user an account call answered with, as a settled user fetch would (000 §7 "user cache invalidated"). */
  applyUser(user: User): void;
  fetchBalance(): Promise<void>;
  /** User and balance together; arms the one subscriber refetch of the page. */
  refreshAll(): Promise<void>;
  /** 001 §4: a successful payment's notification carries the balance after it (`remainingBalance`). */
  setRemaining(remainingTokens: number): void;
}

/** Creates the account data; `signInWithGoogle` receives a one-tap credential. */
export function createAccountData(
  core: SessionCore,
  signInWithGoogle: (credential: string) => Promise<void>,
): AccountData {
  const { state } = core;
  let fetchingUser = false;
  let oneTapShown = false;
  let subscriberRefetchArmed = true;

  async function fetchUser(): Promise<void> {
    if (fetchingUser) return;
    fetchingUser = true;
    try {
      const user = await core.transport.request<User>('User', { query: { requestID: core.uuid() } });
      state.user = user;
      applyUserFetch(core.store, user);
      core.track('identify', { userId: user.id });
      const clientId = core.deps.googleClientId ?? null;
      if (!oneTapShown && oneTapAllowed(clientId, user)) {
        oneTapShown = true;
        void (core.deps.showOneTap ?? showOneTap)({
          clientId,
          onCredential: (credential) => void signInWithGoogle(credential),
        });
      }
    } catch (error) {
      console.error('[session] user fetch failed', error);
      state.user = null;
      applyUserFetch(core.store, null);
    } finally {
      fetchingUser = false;
      state.userKnown = true;
      core.emit();
    }
  }

  function applyUser(user: User): void {
    state.user = user;
    applyUserFetch(core.store, user);
    core.emit();
  }

  async function fetchBalance(): Promise<void> {
    try {
      const answer = await core.transport.request<TokensBalance>('Tokens/balance', {
        query: { requestID: core.uuid() },
      });
      state.balance = {
        remainingTokens: answer.remainingTokens,
        nextDailyTokenClaimDate: answer.nextDailyTokenClaimDate ?? null,
        spentTokens: answer.spentTokens ?? 0,
      };
    } catch (error) {
      // Spec 000 §4/§8: a balance fetch failure sets the balance to 0.
      console.error('[session] balance fetch failed', error);
      state.balance = {
        remainingTokens: 0,
        nextDailyTokenClaimDate: state.balance?.nextDailyTokenClaimDate ?? null,
        spentTokens: 0,
      };
    }
    core.emit();
  }

  async function refreshAll(): Promise<void> {
    await Promise.all([fetchUser(), fetchBalance()]);
    // Spec 000 §4: subscribed users whose spending reads 0 refetch once, 5 s after load. The only copy of
    // this rule: the chrome does not schedule its own.
    if (subscriberRefetchArmed && state.user?.activeSubscription && state.balance?.spentTokens === 0) {
      subscriberRefetchArmed = false;
      core.later(SUBSCRIBER_REFETCH_DELAY_MS, () => void Promise.all([fetchUser(), fetchBalance()]));
    }
  }

  function setRemaining(remainingTokens: number): void {
    state.balance = {
      remainingTokens,
      nextDailyTokenClaimDate: state.balance?.nextDailyTokenClaimDate ?? null,
      spentTokens: state.balance?.spentTokens ?? 0,
    };
    core.emit();
  }

  return { fetchUser, applyUser, fetchBalance, refreshAll, setRemaining };
}
