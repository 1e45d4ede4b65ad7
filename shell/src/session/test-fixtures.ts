import type { User } from '@companion/contracts';
import { testUser } from '@companion/remote-kit/testing';

/** Tests only: an unsigned JWT with the given claims (the client never verifies signatures). */
export const fakeJwt = (claims: Record<string, unknown>): string =>
  `e30.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.sig`;

/** A `GET User` answer with overrides: an anonymous-looking user (no email) whose payment method is yuno. */
export const makeUser = (overrides: Partial<User> = {}, features: Partial<User['userFeatures']> = {}): User =>
  testUser({ email: null, userName: null, ...overrides }, { preferredPaymentMethod: 'yuno', ...features });
