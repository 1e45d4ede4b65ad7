import type { User } from '@companion/contracts';

/** Tests only: an unsigned JWT with the given claims (the client never verifies signatures). */
export const fakeJwt = (claims: Record<string, unknown>): string =>
  `e30.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.sig`;

/** A `GET User` answer with overrides. */
export const makeUser = (overrides: Partial<User> = {}, features: Partial<User['userFeatures']> = {}): User =>
  ({
    id: 'u1',
    email: null,
    userName: null,
    utmSource: null,
    nEnabled: false,
    isNConfirmed: false,
    isSConfirmed: false,
    url: null,
    userProfileUrl: null,
    isNSFWContent: false,
    periodInMonths: 'none',
    activeSubscription: null,
    isCardTokenExists: false,
    userPricingInfo: {},
    userFeatures: { preferredPaymentMethod: 'yuno', ...features },
    ...overrides,
  }) as User;
