import { USER_PRICING_DEFAULTS } from '../config.ts';

// Creation and image prices come from the core's `userPricingInfo` defaults, so what the
// client shows is what the server takes; the unlock prices are the catalogue's own.

/** Token prices of catalogue purchases. */
export const CATALOGUE_PRICES = {
  /** PersonModel/unlock and Chats/unlock of a locked character. */
  lockedModelUnlock: 30,
  /** PersonModel/unlock-premium-model. */
  premiumModelUnlock: 100,
  /** Gallery/unlock of an ordinary gallery image. */
  galleryImage: 10,
  /** Gallery/unlock of a secret-content gallery image. */
  secretGalleryImage: 20,
  /** PersonModel/create and create-anime-person (tokenPriceForPersonModelCreation). */
  personModelCreation: USER_PRICING_DEFAULTS.tokenPriceForPersonModelCreation,
  /** Each image of Image/generate-batch-images (tokenPriceForImage). */
  image: USER_PRICING_DEFAULTS.tokenPriceForImage,
} as const;
