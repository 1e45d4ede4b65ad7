// Token prices the catalogue charges. Creation and image prices mirror `userPricingInfo`
// (tokenPriceForPersonModelCreation, tokenPriceForImage); keep them equal to the core's
// user defaults so what the client shows is what the server takes.

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
  personModelCreation: 20,
  /** Each image of Image/generate-batch-images (tokenPriceForImage). */
  image: 5,
} as const;
