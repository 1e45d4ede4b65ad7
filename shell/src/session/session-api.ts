import type { SessionState, TokensBalance, User } from '@companion/contracts';

/** Everything the shell's chrome reads about the visitor, in one snapshot. */
export interface SessionSnapshot {
  session: SessionState;
  /** null until the first `GET User` answers (chrome shows skeletons meanwhile). */
  user: User | null;
  balance: TokensBalance | null;
  /** True once the first user fetch settled (success or failure). */
  userKnown: boolean;
}

/**
 * The shell-internal session API (not a remote contract): the session module implements it, the chrome,
 * modals and access rules consume it. Remotes see the same facts as bus events (`session:changed`,
 * `user:changed`, `tokens:balance-changed`) and act through intents.
 */
export interface SessionApi {
  snapshot(): SessionSnapshot;
  subscribe(listener: () => void): () => void;
  /** Sends a magic link (`Authenticate/passwordless-login`); `destination` is where the link lands. */
  requestMagicLink(email: string, destination: 'settings' | 'main'): Promise<void>;
  /** The confirmed "Log out": ends the session, resets the fingerprint, goes to `/` after 500 ms. */
  logout(): Promise<void>;
  /** Refetches `GET User` (and publishes `user:changed`). */
  refreshUser(): Promise<void>;
  /** Refetches `GET Tokens/balance`; a failure sets the balance to 0 (spec 000 §4). */
  refreshBalance(): Promise<void>;
  /** `POST Tokens/claim-bonus`, then refetches the balance whether it succeeded or failed. */
  claimDailyBonus(): Promise<{ ok: boolean; tokens: number | null }>;
  /**
   * Records the visitor's content choice (000 §4, §6, §7): `nsfw` after the age gate (`User/verify-user-age` with
   * `birth` when the user has not confirmed their age yet) through `User/nsfw-confirmation`, `sfw` through
   * `User/sfw-confirmation`; the answered user is applied at once. Rejects with the API's error.
   */
  confirmContent(choice: 'nsfw' | 'sfw', birth?: { month: number; year: number }): Promise<void>;
  /** `POST User/update/name` (000 §7); the answered user is applied. Rejects with the API's error. */
  renameUser(userName: string): Promise<void>;
  /**
   * `DELETE User` (000 §7), then the next request meets the soft-deleted flow (000 §4 "HTTP 410"): a new guest,
   * and the page goes to `/`.
   */
  deleteAccount(): Promise<void>;
  /** The stored token pair, for handing the session to the main app from a funnel domain (spec 000 §2.2). */
  tokens(): { accessToken: string | null; refreshToken: string | null };
  /** This device's id: a `device_id` that arrived in the query, else the device fingerprint ('' if it failed). */
  deviceId(): Promise<string>;
  /** `PUT Fingerprint` when this device's fingerprint changed since the API last got it (000 §7, ADR 0323). */
  syncFingerprint(): Promise<void>;
  /** Google sign-in client id, or null when Google sign-in is not configured (then it is hidden). */
  readonly googleClientId: string | null;
}
