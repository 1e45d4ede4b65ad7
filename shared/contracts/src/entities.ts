// Entity shapes from spec 000 §3 (users, characters, chat, gallery) and 001 §3 (payments).
// Field names are the wire names the API uses. Money is always in cents.

/** The user's subscription period bucket (spec: none, monthly, quarterly, annually, lifetime). */
export type PeriodInMonths = 'none' | 'monthly' | 'quarterly' | 'annually' | 'lifetime';

/** A card or wallet provider; solidgate is the default card provider (001 §1). */
export type PaymentSystem = 'solidgate' | 'yuno' | 'paypal' | (string & {});

/** Experiment and feature switches carried on the user (000 §3). */
export interface UserFeatures {
  preferredPaymentMethod: PaymentSystem;
  isRomanceModeActive: boolean;
  hasConfirmedAge: boolean;
  isDailyTokensEnabled: boolean;
  featurePaywallCheckoutVariant: string | null;
  experimentCharacterTimebomb: boolean;
  enabledGenerationVideoBasedImageInChat: boolean;
  newCharacterCreationEntryPointV2: boolean;
  featureExperimentWeeklyPlan: boolean;
  featureExperimentOneclickButtonWordingV2: boolean;
  featureExperimentFreeMessages: boolean;
  experimentShowWhiteTheme: boolean;
  /**
   * 001 §2 "Lifetime offer": 'Get 100 Tokens every month' is shown unless this is set (ADR 0250). Optional: a user
   * record from before the flag existed shows the line.
   */
  hideLifetimeMonthlyTokens?: boolean;
}

/** Token price of each paid feature (000 §3); the server's catalogue is the only source. */
export interface UserPricingInfo {
  tokenPriceForPersonModelCreation: number;
  tokenPriceForVideo: number;
  tokenPriceForVoiceCall: number;
  tokenPriceForImage: number;
  tokenPriceForVoiceOver: number;
  tokenPriceForAudioMessage: number;
  tokenPriceForMessage: number;
}

/** A subscription the user holds (001 §3). Dates are ISO-8601 strings. */
export interface ActiveSubscription {
  id: string;
  productId: string;
  priceId: string | null;
  startDate: string;
  endDate: string | null;
  status: 'active' | 'cancellation_requested' | 'expired' | (string & {});
  userId: string;
  cancellationRequestedAt: string | null;
  paymentSystem: PaymentSystem;
  periodType: 'week' | 'month' | 'year';
  periodValue: number;
}

/** The signed-in (or generated) user as `GET User` returns it (000 §3). */
export interface User {
  id: string;
  email: string | null;
  userName: string | null;
  utmSource: string | null;
  nEnabled: boolean;
  isNConfirmed: boolean;
  isSConfirmed: boolean;
  url: string | null;
  userProfileUrl: string | null;
  isNSFWContent: boolean;
  periodInMonths: PeriodInMonths;
  activeSubscription: ActiveSubscription | null;
  isCardTokenExists: boolean;
  userPricingInfo: UserPricingInfo;
  userFeatures: UserFeatures;
}

/** Client auth state, persisted under `persist:` keys (000 §3). */
export interface AuthState {
  isAuth: boolean;
  accessToken: string | null;
  refreshToken: string | null;
  isSoftDeleted: boolean;
  inAppAuthToken: string | null;
}

/** Claims the client reads from the access token; `webpage` marks a generated anonymous user. */
export interface AccessTokenClaims {
  exp: number;
  sub: string;
  webpage?: string;
}

/** Body of `POST Authenticate/pre-register`. */
export interface PreRegisterRequest {
  fingerprint: string;
  isNConfirmed: boolean;
  isSConfirmed: boolean;
  utmSource: string | null;
  pathname: string;
  url?: string;
}

/** Token pair returned by every sign-in path. */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/** Response of `POST Authenticate/pre-register`. */
export interface PreRegisterResponse extends TokenPair {
  generatedUserId: string;
}

/** Body of the two token-refresh paths (000 §3, §7). */
export interface RefreshRequest {
  accessToken: string;
  refreshToken: string;
  userId: string | null;
  isNConfirmed: boolean;
  isSConfirmed: boolean;
}

/** Auth handed from an in-app browser to the real browser (000 §3). */
export interface SavedAuthInfo {
  isUserLoggedIn: boolean;
  accessToken: string;
  refreshToken: string;
  generatedUserId: string | null;
  isLightTheme: boolean;
  category: Category | null;
}

/** Body of magic-link sign-in (wire names are PascalCase in the spec). */
export interface MagicLinkSignInRequest {
  Fingerprint: string;
  MagicLinkCode: string;
  IsNConfirmed: boolean;
  IsSConfirmed: boolean;
  UserId: string | null;
}

/** Body of `POST Authenticate/google-signin`. */
export interface GoogleSignInRequest {
  googleAccessToken: string;
  fingerprint: string;
  terms: boolean;
  userId: string | null;
}

/** Body of `POST User/verify-user-age`. */
export interface VerifyAgeRequest {
  BirthMonth: number;
  BirthYear: number;
  MessageId?: string;
  PersonId?: string;
}

/** Body of `POST User/activate-romance-mode`. */
export interface RomanceModeRequest {
  IsActive: boolean;
  MessageId?: string;
  PersonId?: string;
}

/** Token balance (000 §3, 001 §3). */
export interface TokensBalance {
  remainingTokens: number;
  nextDailyTokenClaimDate: string | null;
  spentTokens: number;
}

/** The explore category; anything other than anime is treated as realistic (000 §5). */
export type Category = 'realistic' | 'anime';

/** A message in a chat; one with no text, video, image, full video or self-destructing photo is dropped. */
export interface Message {
  id: string;
  chatId: string;
  message: string | null;
  videoUrl: string | null;
  imageUrl: string | null;
  fullVideoUrl: string | null;
  isSelfDestructingPhoto: boolean;
  isSeen: boolean;
  isLiked: boolean;
  isDisliked: boolean;
  createdAt: string;
  /** Who wrote it: the user or the character. */
  sender: 'user' | 'character';
  // Regenerate (ADR 0220): present once a reply was regenerated.
  /** Every text the reply has had, oldest first; `message` is the chosen one. */
  alternatives?: string[];
  /** Index of the chosen text in `alternatives`. */
  alternativeIndex?: number;
}

/** A chat between a user and a character (000 §3). */
export interface Chat {
  id: string;
  personModelEntityId: string;
  personModelFirstName: string;
  personModelLastName: string | null;
  messages: Message[];
  isBlurred: boolean;
  isPinned: boolean;
  pinnedAt: string | null;
  updatedAt: string;
  createdAt: string;
  input: string | null;
  isSecretContent: boolean;
  hasCustomGenerationSupport: boolean;
}

/** One body image of a character; the spec allows a bare URL or an object. */
export type BodyImage = string | { id: string; imageUrl: string; isUnlocked: boolean };

/** Online status of a character; the default is Offline. */
export type PersonStatus = 'Online' | 'Offline';

/** A character ("person model", 000 §3, §2.4). */
export interface PersonModel {
  id: string;
  firstName: string;
  lastName: string | null;
  age: number;
  isAnime: boolean;
  isPremium: boolean;
  bodyImages: BodyImage[];
  isLocked: boolean;
  isLockedPremiumModel: boolean;
  status: PersonStatus;
  isPublicModel: boolean;
  paywallImage: string | null;
  description?: string | null;
  /** When the character was created (ISO 8601); My AI shows it (create-character). */
  createdAt?: string;
}

/** Character traits slider values; each defaults to 50. */
export interface CharacterTraits {
  kink: number;
  libido: number;
  nudity: number;
}

/** The character-creation draft kept in session storage (000 §3). */
export interface CharacterDraft {
  id: string | null;
  style: Category | null;
  connectionType: string | null;
  likeToTry: string[];
  intention: string | null;
  rolePlay: string | null;
  race: string | null;
  traits: CharacterTraits;
  age: number | null;
  ethnicity: string | null;
  eyes: string | null;
  hairStyle: string | null;
  hairColor: string | null;
  body: { body: string | null; breast: string | null; butt: string | null };
  features: string[];
  hobby: string[];
  occupation: string | null;
  personality: string | null;
  marital: string | null;
  name: string | null;
  voice: string | null;
  /** The prompt fields of an imported Character Card (V2/V3), kept for every engine; absent for wizard characters. */
  card?: CharacterCardText | null;
}

/** A Character Card's prompt fields (`{{char}}`/`{{user}}` placeholders as written); each one optional. */
export interface CharacterCardText {
  description?: string;
  personality?: string;
  scenario?: string;
  /** The character's opening line: the first message of a new chat. */
  firstMes?: string;
  mesExample?: string;
  systemPrompt?: string;
  postHistoryInstructions?: string;
}

/** A gallery image; results are cached per category and secret flag and merged by id. */
export interface GalleryImage {
  galleryImageId: string;
  category: Category;
  isSecretContent: boolean;
  imageUrl: string;
  isUnlocked: boolean;
  personModelId: string | null;
  price: number;
}

/** Paywall kinds (001 §3). */
export type PaywallType = 'subscription' | 'tokens';

/** The offer behind the explore time-bomb banner (000 §3, §4). */
export interface TimeBombOffer {
  productAmount: number;
  productTitle: string;
  paywallType: PaywallType;
  eventName: string;
  eventProperties: { banner_placement: string };
  label?: string;
  discountPercent?: number;
}

/** A subscription product (001 §3). Prices in cents. */
export interface SubscriptionProduct {
  id: string;
  title: string;
  periodType: 'week' | 'month' | 'year';
  periodValue: number;
  currentPrice: number;
  previousPrice: number;
  currentPriceDaily: number;
  previousPriceDaily: number;
  currentPriceMonthly: number;
  previousPriceMonthly: number;
  discount: number;
  discountText: string | null;
  additionalDiscountPercent: number | null;
  extraBonusMonth: boolean;
  isPopular: boolean;
  isLifetimeSubscription: boolean;
  isSubscriptionProduct: true;
  billingPeriod: { unit: 'week' | 'month' | 'year'; value: number };
  productPrice: number;
  periodInMonths: number;
}

/** A token pack (001 §3). Prices in cents. */
export interface TokenProduct {
  id: string;
  tokenAmount: number;
  tokenCount: number;
  tokenBonus: number;
  bonus: number | null;
  currentPrice: number;
  previousPrice: number;
}

/** Product type keys and pricing regions (001 §3). */
export type ProductTypeKey = 'default_subscription' | 'default_tokens';
export type PricingRegion = 'default' | 'CA' | 'US';

/** A saved card; further fields not shown in the spec. */
export interface SavedCard {
  id: string;
  brand?: string;
  last4?: string;
}

/** Body of the checkout start calls (001 §3). */
export interface CheckoutStartPayload {
  productId: string;
  isPurchaseTokens: boolean;
  isDownsellPayment: boolean;
  downsellType: string | null;
  redirectUrl: string;
  pathname: string;
}

/** What the result screen shows (001 §3). */
export interface PaymentResult {
  amountPaid: number;
  name: string;
  isSubscriptionProduct: boolean;
  errorCode: string | null;
}

/** `PaymentNotification` hub event (001 §3). */
export interface PaymentNotification {
  success: boolean;
  product: { id: string; name: string; isSubscriptionProduct: boolean } | null;
  amountPaid: number;
  currencyPaid: string;
  subscription: { id: string; userId: string; paymentSystem: PaymentSystem } | null;
  remainingBalance: number | null;
  errorCode?: string | null;
  orderId?: string;
  /** Decline compensation (001 §8) credited with this payment, in tokens; absent or 0 when none was due. */
  compensationTokens?: number;
}

/** `RegistrationNotification` hub event (001 §3). */
export interface RegistrationNotification {
  userId: string;
  tokens: TokenPair;
}

/** A looping countdown timer kept per id (001 §3). */
export interface Timer {
  id: string;
  startDate: string;
}

/** Saved payment bookkeeping (001 §3). */
export interface SavedPayment {
  savedProduct: string | null;
  paymentIntentTimestamp: number | null;
  paymentIntentOrderId: string | null;
  transactionId: string | null;
}

/** Ad-click record sent for pixel dedup (001 §3). */
export interface AdClickRecord {
  Type: string;
  ClickId: string;
  UserAgent: string;
  ExternalId: string;
  BrowserId: string | null;
  MetaClickId: string | null;
  UserIp: string | null;
}

/** Attribution record (001 §3). */
export interface AttributionRecord {
  Fingerprint: string;
  Metadata: Record<string, string>;
  Url: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
  referer?: string;
  fbclid?: string;
  ttclid?: string;
  gclid?: string;
}

/** Analytics parameters carried with tracking events (001 §3). */
export interface AnalyticsParams {
  isLanding?: boolean;
  paywallType?: PaywallType;
  preLanding?: string;
  initialSource?: string;
  source?: string;
  modelId?: string;
  modelType?: string;
  modelName?: string;
  downsellOrder?: number;
  productId?: string;
}
