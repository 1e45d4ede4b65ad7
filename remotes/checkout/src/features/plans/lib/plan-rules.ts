import type { ActiveSubscription, PaymentSystem, SubscriptionProduct } from '@companion/contracts';

/** Labels a plan card may carry (001 §2). */
export type PlanLabel = 'Current Plan' | 'Most Popular' | 'Your Choice' | 'Limited Offer';

/** The action button's label enum (001 §2). */
export type PlanActionLabel = 'Continue' | 'Get Cheaper Plan' | 'Get AI girl' | 'Get AI Companion';

/** The period of an active subscription in months (001 §3: year × 12, quarterly = month/3, weekly ¼). */
export function subscriptionMonths(
  subscription: Pick<ActiveSubscription, 'periodType' | 'periodValue'>,
): number {
  if (subscription.periodType === 'week') return subscription.periodValue / 4;
  if (subscription.periodType === 'year') return subscription.periodValue * 12;
  return subscription.periodValue;
}

/** The daily price block is hidden for lifetime plans. */
export function showsDailyPrice(product: SubscriptionProduct): boolean {
  return !product.isLifetimeSubscription;
}

/** The previous-price row is hidden for lifetime plans, or when the current daily price exceeds the previous one. */
export function showsPreviousPrice(product: SubscriptionProduct): boolean {
  if (product.isLifetimeSubscription) return false;
  return !(product.currentPriceDaily > product.previousPriceDaily);
}

/**
 * The discount badge: a percent when a discount exists and there is no extra bonus month; otherwise the text
 * badge, unless the active payment system is the regional provider (yuno). Hidden when the text is '0%'.
 */
export function discountBadge(
  product: SubscriptionProduct,
  paymentSystem: PaymentSystem | null,
): string | null {
  const text =
    product.discount > 0 && !product.extraBonusMonth
      ? `${product.discount}%`
      : paymentSystem === 'yuno'
        ? null
        : product.discountText;
  if (!text || text === '0%') return null;
  return text;
}

/** 'SAVE $200' for year plans, 'SAVE $37' otherwise (none on lifetime, which has no period to save on). */
export function saveBadge(product: SubscriptionProduct): string | null {
  if (product.isLifetimeSubscription) return null;
  return product.periodType === 'year' ? 'SAVE $200' : 'SAVE $37';
}

/** Whether this plan is the one the user holds. */
export function isCurrentPlan(product: SubscriptionProduct, active: ActiveSubscription | null): boolean {
  return active !== null && active.productId === product.id;
}

/** Not selectable: the current plan, or a plan not longer (in months) than the active subscription. */
export function isSelectable(product: SubscriptionProduct, active: ActiveSubscription | null): boolean {
  if (!active) return true;
  if (isCurrentPlan(product, active)) return false;
  return product.periodInMonths > subscriptionMonths(active);
}

/** The one label a card shows: current plan first, then a limited offer, the popular plan, the user's pick. */
export function planLabel(
  product: SubscriptionProduct,
  active: ActiveSubscription | null,
  selectedId: string | null,
): PlanLabel | null {
  if (isCurrentPlan(product, active)) return 'Current Plan';
  if ((product.additionalDiscountPercent ?? 0) > 0) return 'Limited Offer';
  if (product.isPopular) return 'Most Popular';
  if (product.id === selectedId) return 'Your Choice';
  return null;
}

/** 'Get Cheaper Plan' when the selected plan is longer than the active one; 'Continue' otherwise. */
export function actionLabel(
  selected: SubscriptionProduct | null,
  active: ActiveSubscription | null,
): PlanActionLabel {
  if (selected && active && selected.periodInMonths > subscriptionMonths(active)) return 'Get Cheaper Plan';
  return 'Continue';
}

/** The action button is disabled without a product or while loading. */
export function isActionDisabled(selected: SubscriptionProduct | null, loading: boolean): boolean {
  return selected === null || loading;
}

/** Plans shown: subscribers see only plans longer than their current one (upgrade-only, 001 §4/§5). */
export function visiblePlans(
  products: SubscriptionProduct[],
  active: ActiveSubscription | null,
): SubscriptionProduct[] {
  if (!active) return products;
  return products.filter((product) => isCurrentPlan(product, active) || isSelectable(product, active));
}

/**
 * Single-option mode (001 §5): monthly users get plans longer than monthly and shorter than annual (shorter
 * than lifetime in the weekly experiment); quarterly users get plans longer than quarterly.
 */
export function singleOptionPlans(
  products: SubscriptionProduct[],
  userMonths: number,
  weeklyExperiment: boolean,
): SubscriptionProduct[] {
  if (userMonths === 1) {
    const ceiling = weeklyExperiment ? Infinity : 12;
    return products.filter(
      (p) =>
        p.periodInMonths > 1 && p.periodInMonths < ceiling && !(weeklyExperiment && p.isLifetimeSubscription),
    );
  }
  if (userMonths === 3) return products.filter((p) => p.periodInMonths > 3);
  return products;
}

/**
 * The default selection (001 §5): the first selectable yearly product; in single mode the yearly one (monthly for
 * monthly users without the weekly experiment); else the first selectable plan.
 */
export function defaultSelection(
  products: SubscriptionProduct[],
  active: ActiveSubscription | null,
  single: { userMonths: number; weeklyExperiment: boolean } | null = null,
): SubscriptionProduct | null {
  const selectable = products.filter((p) => isSelectable(p, active));
  const yearly = selectable.find((p) => p.periodType === 'year' && !p.isLifetimeSubscription);
  if (single && single.userMonths === 1 && !single.weeklyExperiment) {
    return (
      selectable.find((p) => p.periodType === 'month' && p.periodValue === 1) ??
      yearly ??
      selectable[0] ??
      null
    );
  }
  return yearly ?? selectable[0] ?? null;
}

/**
 * The plans a page offers a subscriber (001 §4, §6): when no recurring plan is longer than theirs (annual users, and
 * lifetime holders, whose plan the recurring list does not carry), the lifetime offer joins the list: annual users
 * get it as their upgrade's first step, a lifetime holder sees it as their current plan.
 */
export function plansWithLifetime(
  products: SubscriptionProduct[],
  lifetime: SubscriptionProduct[],
  active: ActiveSubscription | null,
): SubscriptionProduct[] {
  if (!active || products.some((product) => isSelectable(product, active))) return products;
  return [...products, ...lifetime.filter((offer) => !products.some((product) => product.id === offer.id))];
}

/** A subscriber with nothing longer to buy (a lifetime holder): the page offers tokens instead of a plan. */
export function holdsLongestPlan(
  products: SubscriptionProduct[],
  active: ActiveSubscription | null,
): boolean {
  return active !== null && !products.some((product) => isSelectable(product, active));
}
