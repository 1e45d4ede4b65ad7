// Users and sign-in shapes from spec 000 §3; field names are the wire names the API uses.
import type { Category } from './characters.ts';

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

/** Every `userFeatures` flag's default (000 §3): what the API serves where a user has no override. */
export const USER_FEATURE_DEFAULTS: Required<UserFeatures> = {
  // Spec: "default is the default card provider", which is solidgate (001 §1).
  preferredPaymentMethod: 'solidgate',
  isRomanceModeActive: false,
  hasConfirmedAge: false,
  isDailyTokensEnabled: true,
  featurePaywallCheckoutVariant: null,
  experimentCharacterTimebomb: false,
  enabledGenerationVideoBasedImageInChat: false,
  newCharacterCreationEntryPointV2: false,
  featureExperimentWeeklyPlan: false,
  featureExperimentOneclickButtonWordingV2: false,
  featureExperimentFreeMessages: false,
  experimentShowWhiteTheme: false,
  // 001 §2: hides the lifetime offer's 'Get 100 Tokens every month' (ADR 0250); the grant itself stays.
  hideLifetimeMonthlyTokens: false,
};

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
