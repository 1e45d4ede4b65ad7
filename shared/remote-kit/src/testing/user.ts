import type { ActiveSubscription, User } from '@companion/contracts';

/** Tests only: token prices of a `User` (000 §3). */
export const TEST_PRICES: User['userPricingInfo'] = {
  tokenPriceForPersonModelCreation: 100,
  tokenPriceForVideo: 40,
  tokenPriceForVoiceCall: 30,
  tokenPriceForImage: 10,
  tokenPriceForVoiceOver: 5,
  tokenPriceForAudioMessage: 3,
  tokenPriceForMessage: 1,
};

/** Tests only: a complete `GET User` answer (a registered user without a subscription) with overrides. */
export function testUser(overrides: Partial<User> = {}, features: Partial<User['userFeatures']> = {}): User {
  return {
    id: 'u1',
    email: 'ana@example.com',
    userName: 'Ana',
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
    userPricingInfo: TEST_PRICES,
    userFeatures: {
      preferredPaymentMethod: 'solidgate',
      isRomanceModeActive: false,
      hasConfirmedAge: false,
      isDailyTokensEnabled: false,
      featurePaywallCheckoutVariant: null,
      experimentCharacterTimebomb: false,
      enabledGenerationVideoBasedImageInChat: false,
      newCharacterCreationEntryPointV2: false,
      featureExperimentWeeklyPlan: false,
      featureExperimentOneclickButtonWordingV2: false,
      featureExperimentFreeMessages: false,
      experimentShowWhiteTheme: false,
      ...features,
    },
    ...overrides,
  };
}
/** Tests only: an active monthly card subscription (001 §3), with `overrides`. */
export function testSubscription(overrides: Partial<ActiveSubscription> = {}): ActiveSubscription {
  return {
    id: 's1',
    productId: 'sub-1m',
    priceId: 'sub-1m',
    startDate: '2026-11-01T00:00:00Z',
    endDate: '2026-12-01T00:00:00Z',
    status: 'active',
    userId: 'u1',
    cancellationRequestedAt: null,
    paymentSystem: 'solidgate',
    periodType: 'month',
    periodValue: 1,
    ...overrides,
  };
}
