// Payments shapes from spec 001 §3; field names are the wire names the API uses. Money is always in cents.
import type { PaymentSystem, TokenPair } from './users.ts';

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
