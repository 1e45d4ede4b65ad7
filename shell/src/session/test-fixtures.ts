import type { User } from '@companion/contracts';
import { testUser } from '@companion/remote-kit/testing';
import type { SessionApi, SessionSnapshot } from './session-api.ts';

/** Tests only: an unsigned JWT with the given claims (the client never verifies signatures). */
export const fakeJwt = (claims: Record<string, unknown>): string =>
  `e30.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.sig`;

/** A `GET User` answer with overrides: an anonymous-looking user (no email) whose payment method is yuno. */
export const makeUser = (overrides: Partial<User> = {}, features: Partial<User['userFeatures']> = {}): User =>
  testUser({ email: null, userName: null, ...overrides }, { preferredPaymentMethod: 'yuno', ...features });

/** Tests only: a session that never changes, an anonymous visitor `userId`; for tests about routing and pages. */
export function staticAnonymousSession(userId = 'u1'): SessionApi {
  const snapshot: SessionSnapshot = {
    session: { status: 'anonymous', userId, isSoftDeleted: false },
    user: null,
    balance: null,
    userKnown: true,
  };
  return {
    snapshot: () => snapshot,
    subscribe: () => () => undefined,
    requestMagicLink: async () => undefined,
    tokens: () => ({ accessToken: null, refreshToken: null }),
    deviceId: async () => '',
    syncFingerprint: async () => undefined,
    logout: async () => undefined,
    refreshUser: async () => undefined,
    refreshBalance: async () => undefined,
    claimDailyBonus: async () => ({ ok: false, tokens: null }),
    confirmContent: async () => undefined,
    renameUser: async () => undefined,
    deleteAccount: async () => undefined,
    googleClientId: null,
  };
}
