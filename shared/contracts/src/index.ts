export type {
  AccessTokenClaims,
  ActiveSubscription,
  AuthState,
  GoogleSignInRequest,
  MagicLinkSignInRequest,
  PaymentSystem,
  PeriodInMonths,
  PreRegisterRequest,
  PreRegisterResponse,
  RefreshRequest,
  RomanceModeRequest,
  SavedAuthInfo,
  TokenPair,
  TokensBalance,
  User,
  UserFeatures,
  UserPricingInfo,
  VerifyAgeRequest,
} from './entities/users.ts';
export { USER_FEATURE_DEFAULTS } from './entities/users.ts';
export type {
  BodyImage,
  Category,
  CharacterCardText,
  CharacterDraft,
  CharacterTraits,
  Chat,
  GalleryImage,
  Message,
  PersonModel,
  PersonStatus,
} from './entities/characters.ts';
export type {
  AdClickRecord,
  AnalyticsParams,
  AttributionRecord,
  CheckoutStartPayload,
  PaymentNotification,
  PaymentResult,
  PaywallType,
  PricingRegion,
  ProductTypeKey,
  RegistrationNotification,
  SavedCard,
  SavedPayment,
  SubscriptionProduct,
  TimeBombOffer,
  Timer,
  TokenProduct,
} from './entities/payments.ts';
export type { BatchAnswer, StandaloneImage } from './entities/images.ts';
export type { FunnelReport, FunnelRow } from './entities/reports.ts';
export { API_PATHS } from './api-paths.ts';
export { PERIOD_BANNERS } from './period-banners.ts';
export type { PeriodBanner } from './period-banners.ts';
export type { ApiErrorBody, ApiErrorCode, RegistryErrorCode } from './api-errors.ts';
export { COMPENSATED_DECLINE_CODES, DECLINE_COMPENSATION_TOKENS } from './payments.ts';
export {
  BRAND_HOME_PAGES,
  BRAND_HOSTS,
  FUNNEL_BRANDS,
  brandOfHost,
  isDevelopmentHost,
} from './brand-hosts.ts';
export { CHARACTER_DRAFT_KEY, emptyCharacterDraft, wizardTileUrl } from './character-draft.ts';
export type { StoredCharacterDraft, WizardTilePose } from './character-draft.ts';
export { categoryFromSearch, parseCategory } from './category.ts';
export { BUS_EVENTS } from './events.ts';
export type {
  BusEventMap,
  BusEventName,
  EventSpec,
  InsufficientTokensRequest,
  IntentName,
  Publisher,
  RemoteFailureCode,
  SessionState,
  TrackedProduct,
} from './events.ts';
export type {
  AppHistory,
  AppHistoryUpdate,
  AppLocation,
  AppTo,
  BrandId,
  BrandInfo,
  HubClient,
  HubStream,
  RemoteBus,
  RemoteMountProps,
  ShellBus,
  Subscription,
  Transport,
  TransportErrorKind,
  TransportErrorShape,
  TransportRequest,
} from './mount.ts';
export type { HubConnectionState, HubName, RemoteName, ThemeMode } from './names.ts';
export { LIGHT_THEME_PARAM, lightThemeRequested } from './names.ts';
export {
  CHROME_FRAME_FILE,
  containerName,
  FIRST_SCREEN_ELEMENT_ID,
  FIRST_SCREEN_SLOT_ATTRIBUTE,
  SERVER_ENTRY_FILE,
  SHELL_PAGE_STYLES_FILE,
} from './federation.ts';
export type {
  FirstScreenInput,
  LifecycleProps,
  RegistryDocument,
  RegistryEntry,
  RemoteLifecycles,
  RenderChromeFrame,
  RenderFirstScreen,
} from './federation.ts';
export { CHAT_HUB_METHODS, HUB_EVENTS, MAX_CLIENT_MESSAGE_ID_LENGTH } from './hubs.ts';
export { firstLoadKey, matchRoutePattern } from './routes.ts';
export {
  OPS_PATH,
  SHELL_OWNED_PATHS,
  checkRouteClaims,
  isRoutePattern,
  mergeRouteClaims,
  patternsOverlap,
} from './route-claims.ts';
export type { RouteClaim, RouteClaimProblem } from './route-claims.ts';
export {
  LEGAL_PAGES,
  MARKETING_PAGES,
  PATHS,
  PAYMENT_RETURN_PARAMS,
  QUICKDATE_PAGES,
  QUIZ_PAGES,
  isFunnelPage,
  showsChrome,
} from './paths.ts';
export type { HrefArgs, PathName, QueryValue, RoutePath } from './paths.ts';
export type { FirstLoadHint } from './routes.ts';
export type { ChatHubErrorCode, ChatReplyItem } from './hubs.ts';
export { CONTRACT_VERSION, contractMajor, isContractCompatible } from './version.ts';
// Character-creation draft values and photo options: one list for the API and the remotes.
export { DRAFT_LIMITS, DRAFT_VALUES, PHOTO_VALUES, characterNameError } from './character-options.ts';
