import type {
  Chat,
  GalleryImage,
  Message,
  PersonModel,
  SubscriptionProduct,
  TokenProduct,
} from '@companion/contracts';

const AT = '2026-01-01T12:00:00.000Z';

/** Tests only: a public, unlocked realistic character with one cover (`/api/images/<id>.svg`). */
export function testPersonModel(id = 'm1', overrides: Partial<PersonModel> = {}): PersonModel {
  return {
    id,
    firstName: `Name ${id}`,
    lastName: null,
    age: 25,
    isAnime: false,
    isPremium: false,
    bodyImages: [`/api/images/${id}.svg`],
    isLocked: false,
    isLockedPremiumModel: false,
    status: 'Offline',
    isPublicModel: true,
    paywallImage: null,
    ...overrides,
  };
}

/** Tests only: a text message from the user (`sender: 'character'` for a reply). */
export function testMessage(id = 'msg1', overrides: Partial<Message> = {}): Message {
  return {
    id,
    chatId: 'c1',
    message: 'Hello',
    videoUrl: null,
    imageUrl: null,
    fullVideoUrl: null,
    isSelfDestructingPhoto: false,
    isSeen: true,
    isLiked: false,
    isDisliked: false,
    createdAt: AT,
    sender: 'user',
    ...overrides,
  };
}

/** Tests only: an open chat with character `m1` and no messages. */
export function testChat(id = 'c1', overrides: Partial<Chat> = {}): Chat {
  return {
    id,
    personModelEntityId: 'm1',
    personModelFirstName: 'Name m1',
    personModelLastName: null,
    messages: [],
    isBlurred: false,
    isPinned: false,
    pinnedAt: null,
    updatedAt: AT,
    createdAt: AT,
    input: null,
    isSecretContent: false,
    hasCustomGenerationSupport: false,
    ...overrides,
  };
}

/** Tests only: a locked realistic gallery image of character `m1` for 10 tokens. */
export function testGalleryImage(id = 'g1', overrides: Partial<GalleryImage> = {}): GalleryImage {
  return {
    galleryImageId: id,
    category: 'realistic',
    isSecretContent: false,
    imageUrl: `/api/images/${id}.svg`,
    isUnlocked: false,
    personModelId: 'm1',
    price: 10,
    ...overrides,
  };
}

/** Tests only: a monthly subscription at $19.99 (prices in cents). */
export function testProduct(id = 'p1', overrides: Partial<SubscriptionProduct> = {}): SubscriptionProduct {
  return {
    id,
    title: '1 month',
    periodType: 'month',
    periodValue: 1,
    currentPrice: 1999,
    previousPrice: 3999,
    currentPriceDaily: 67,
    previousPriceDaily: 133,
    currentPriceMonthly: 1999,
    previousPriceMonthly: 3999,
    discount: 50,
    discountText: null,
    additionalDiscountPercent: null,
    extraBonusMonth: false,
    isPopular: false,
    isLifetimeSubscription: false,
    isSubscriptionProduct: true,
    billingPeriod: { unit: 'month', value: 1 },
    productPrice: 1999,
    periodInMonths: 1,
    ...overrides,
  };
}

/** Tests only: a pack of 100 tokens at $9.99 (prices in cents). */
export function testTokenProduct(id = 't1', overrides: Partial<TokenProduct> = {}): TokenProduct {
  return {
    id,
    tokenAmount: 100,
    tokenCount: 100,
    tokenBonus: 0,
    bonus: null,
    currentPrice: 999,
    previousPrice: 1499,
    ...overrides,
  };
}
