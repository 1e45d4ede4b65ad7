import type { PricingRegion, SubscriptionProduct, TokenProduct } from '@companion/contracts';
import type { Queryable } from '../../db/database.ts';
import { isLifetime, periodMonths } from '../../db/payment-state.ts';
import type { Period } from '../../db/payment-state.ts';

/** A `payment_products` row. */
export interface ProductRow {
  id: string;
  kind: 'subscription' | 'tokens';
  lists: string[];
  region: PricingRegion;
  title: string;
  period_type: Period['type'] | null;
  period_value: number | null;
  current_price: number;
  previous_price: number;
  currency: string;
  renewal_price: number | null;
  renewal_period_type: Period['type'] | null;
  renewal_period_value: number | null;
  discount_text: string | null;
  additional_discount_percent: number | null;
  extra_bonus_month: boolean;
  is_popular: boolean;
  token_amount: number | null;
  token_bonus: number;
  bonus: number | null;
  monthly_tokens: number;
  sort: number;
  active: boolean;
}

/** Catalogue lists that only admins may read (001 §6). */
export const HIDDEN_LISTS = new Set(['subscription_hidden', 'tokens_hidden']);

/** The pricing region of a country (001 §3: default, CA, US). */
export function regionOf(country: string | null): PricingRegion {
  return country === 'US' || country === 'CA' ? country : 'default';
}

function days(period: Period): number {
  if (period.type === 'week') return 7 * period.value;
  if (period.type === 'month') return 30 * period.value;
  return 365 * period.value;
}

const cents2 = (n: number) => Math.round(n * 100) / 100;

/** Token pack wire shape; `title` is extra (the spec lists no name field, the result screen needs one). */
export interface WireTokenProduct extends TokenProduct {
  title: string;
  isSubscriptionProduct: false;
}

/** 001 §3 Product with the period conventions (year/100 = Lifetime, quarterly = month/3). */
export function toSubscriptionProduct(row: ProductRow): SubscriptionProduct {
  const period: Period = { type: row.period_type!, value: row.period_value! };
  const lifetime = isLifetime(period);
  const months = periodMonths(period);
  const perDay = (price: number) => (lifetime ? 0 : cents2(price / days(period)));
  const perMonth = (price: number) => (lifetime ? 0 : cents2(price / months));
  const discount = Math.max(0, Math.round((1 - row.current_price / row.previous_price) * 100));
  return {
    id: row.id,
    title: row.title,
    periodType: period.type,
    periodValue: period.value,
    currentPrice: row.current_price,
    previousPrice: row.previous_price,
    currentPriceDaily: perDay(row.current_price),
    previousPriceDaily: perDay(row.previous_price),
    currentPriceMonthly: perMonth(row.current_price),
    previousPriceMonthly: perMonth(row.previous_price),
    discount,
    discountText: row.discount_text ?? (discount > 0 ? `${discount}%` : null),
    additionalDiscountPercent: row.additional_discount_percent,
    extraBonusMonth: row.extra_bonus_month,
    isPopular: row.is_popular,
    isLifetimeSubscription: lifetime,
    isSubscriptionProduct: true,
    billingPeriod: { unit: period.type, value: period.value },
    productPrice: row.current_price,
    periodInMonths: months,
  };
}

/** 001 §3 Token product. */
export function toTokenProduct(row: ProductRow): WireTokenProduct {
  return {
    id: row.id,
    title: row.title,
    tokenAmount: row.token_amount!,
    tokenCount: row.token_amount! + row.token_bonus,
    tokenBonus: row.token_bonus,
    bonus: row.bonus,
    currentPrice: row.current_price,
    previousPrice: row.previous_price,
    isSubscriptionProduct: false,
  };
}

/** Products of one list in the region, falling back to the default region when it has no variant. */
export async function listProducts(q: Queryable, list: string, region: PricingRegion): Promise<ProductRow[]> {
  const rows = await q.query<ProductRow>(
    'SELECT * FROM payment_products WHERE active AND $1 = ANY(lists) AND region = $2 ORDER BY sort, id',
    [list, region],
  );
  if (rows.length > 0 || region === 'default') return rows;
  return listProducts(q, list, 'default');
}

/** One active product by id, or null. */
export async function findProduct(q: Queryable, id: string): Promise<ProductRow | null> {
  const rows = await q.query<ProductRow>('SELECT * FROM payment_products WHERE id = $1 AND active', [id]);
  return rows[0] ?? null;
}

/** Tokens a purchase of this product credits now. */
export function tokensOf(row: ProductRow): number {
  if (row.kind === 'tokens') return row.token_amount! + row.token_bonus;
  return row.monthly_tokens;
}
