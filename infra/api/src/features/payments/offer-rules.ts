// Who may buy an offer, and how often (ADR 0301). 001 §2 badges the welcome pack 'Only for NEW users'; the
// catalogue lists name the offer flows, and each flow below shares one allowance per user.

import type { Queryable } from '../../db/database.ts';
import type { ProductRow } from './catalogue.ts';

interface OfferRule {
  /** The catalogue lists that share the allowance (one purchase from any of them uses it). */
  lists: readonly string[];
  /** Only a user with nothing bought and no plan ever may buy it. */
  newUsersOnly: boolean;
  /** What the refusal says. */
  message: string;
}

const WELCOME: OfferRule = {
  lists: ['welcome', 'welcome_downsell', 'welcome_extra'],
  newUsersOnly: true,
  message: 'productId: the welcome offers are only for new users, once.',
};
const RULES: readonly OfferRule[] = [
  WELCOME,
  {
    lists: ['mystery_box'],
    newUsersOnly: false,
    message: 'productId: the mystery box offer can be bought once.',
  },
  {
    lists: ['upgrade_extra'],
    newUsersOnly: false,
    message: 'productId: the extra-discount upgrade can be bought once.',
  },
];

/** The rule a product falls under, or null for products sold again and again. */
export function offerRule(product: ProductRow): OfferRule | null {
  return RULES.find((rule) => product.lists.some((list) => rule.lists.includes(list))) ?? null;
}

/**
 * Why `userId` may not buy `product` now, or null. Counts approved orders only, so the order being fulfilled
 * (not approved yet) never counts against itself; two pages of one offer paid side by side keep the first.
 */
export async function offerRefusal(
  q: Queryable,
  userId: string,
  product: ProductRow,
): Promise<string | null> {
  const rule = offerRule(product);
  if (!rule) return null;
  const used = rule.newUsersOnly
    ? await q.query(
        `SELECT 1 FROM payment_orders WHERE user_id = $1 AND status = 'approved'
         UNION ALL SELECT 1 FROM subscriptions WHERE user_id = $1 LIMIT 1`,
        [userId],
      )
    : await q.query(
        `SELECT 1 FROM payment_orders o JOIN payment_products p ON p.id = o.product_id
         WHERE o.user_id = $1 AND o.status = 'approved' AND p.lists && $2::text[] LIMIT 1`,
        [userId, rule.lists],
      );
  return used.length > 0 ? rule.message : null;
}
