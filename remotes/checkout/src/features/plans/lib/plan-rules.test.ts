import { describe, expect, it } from 'vitest';
import type { ActiveSubscription } from '@companion/contracts';
import { testProduct } from '@companion/remote-kit/testing';
import {
  actionLabel,
  defaultSelection,
  discountBadge,
  holdsLongestPlan,
  isActionDisabled,
  isSelectable,
  planLabel,
  plansWithLifetime,
  saveBadge,
  showsDailyPrice,
  showsPreviousPrice,
  singleOptionPlans,
  subscriptionMonths,
  visiblePlans,
} from './plan-rules.ts';
import { pricingHeadline } from './headlines.ts';
import { legalText } from './legal-text.ts';

const weekly = testProduct('sub-weekly', {
  title: 'Weekly',
  periodType: 'week',
  periodValue: 1,
  periodInMonths: 0.25,
  currentPrice: 699,
  previousPrice: 3999,
});
const month = testProduct('sub-1m');
const quarter = testProduct('sub-3m', {
  title: '3 months',
  periodValue: 3,
  periodInMonths: 3,
  currentPrice: 4399,
  previousPrice: 10999,
});
const year = testProduct('sub-12m', {
  title: 'Year',
  periodType: 'year',
  periodValue: 1,
  periodInMonths: 12,
  isPopular: true,
  currentPrice: 11999,
  previousPrice: 39999,
});
const lifetime = testProduct('sub-lifetime', {
  periodType: 'year',
  periodValue: 100,
  periodInMonths: 1200,
  isLifetimeSubscription: true,
  currentPriceDaily: 0,
  previousPriceDaily: 0,
});
const all = [weekly, month, quarter, year, lifetime];

function live(
  productId: string,
  periodType: ActiveSubscription['periodType'],
  periodValue: number,
): ActiveSubscription {
  return {
    id: 's1',
    productId,
    priceId: null,
    startDate: '2026-11-01T00:00:00Z',
    endDate: null,
    status: 'active',
    userId: 'u1',
    cancellationRequestedAt: null,
    paymentSystem: 'solidgate',
    periodType,
    periodValue,
  };
}

describe('plan card rules (001 §2)', () => {
  it('hides the daily price block for lifetime plans only', () => {
    expect(showsDailyPrice(lifetime)).toBe(false);
    expect(showsDailyPrice(month)).toBe(true);
  });

  it('hides the previous-price row for lifetime, or when the current daily price exceeds the previous one', () => {
    expect(showsPreviousPrice(lifetime)).toBe(false);
    expect(showsPreviousPrice(testProduct('x', { currentPriceDaily: 200, previousPriceDaily: 100 }))).toBe(
      false,
    );
    expect(showsPreviousPrice(testProduct('x', { currentPriceDaily: 100, previousPriceDaily: 100 }))).toBe(
      true,
    );
    expect(showsPreviousPrice(month)).toBe(true);
  });

  it('shows the percent when a discount exists and there is no extra bonus month', () => {
    expect(discountBadge(testProduct('x', { discount: 50, discountText: 'Best' }), 'solidgate')).toBe('50%');
  });

  it('uses the text badge otherwise, unless the payment system is the regional provider', () => {
    const bonus = testProduct('x', { discount: 50, extraBonusMonth: true, discountText: '+1 month free' });
    expect(discountBadge(bonus, 'solidgate')).toBe('+1 month free');
    expect(discountBadge(bonus, 'yuno')).toBeNull();
    expect(discountBadge(testProduct('x', { discount: 0, discountText: 'Hot' }), null)).toBe('Hot');
  });

  it("hides the badge when its text is '0%' or missing", () => {
    expect(discountBadge(testProduct('x', { discount: 0, discountText: '0%' }), 'solidgate')).toBeNull();
    expect(discountBadge(testProduct('x', { discount: 0, discountText: null }), 'solidgate')).toBeNull();
  });

  it("says 'SAVE $200' on year plans and 'SAVE $37' otherwise", () => {
    expect(saveBadge(year)).toBe('SAVE $200');
    expect(saveBadge(month)).toBe('SAVE $37');
    expect(saveBadge(weekly)).toBe('SAVE $37');
    expect(saveBadge(lifetime)).toBeNull();
  });

  it('labels the current plan, a limited offer, the popular plan and the selected one', () => {
    const active = live('sub-1m', 'month', 1);
    expect(planLabel(month, active, null)).toBe('Current Plan');
    expect(planLabel(testProduct('x', { additionalDiscountPercent: 20 }), null, null)).toBe('Limited Offer');
    expect(planLabel(year, null, null)).toBe('Most Popular');
    expect(planLabel(quarter, null, 'sub-3m')).toBe('Your Choice');
    expect(planLabel(quarter, null, 'sub-12m')).toBeNull();
  });

  it('makes the current plan and plans not longer than the active one unselectable', () => {
    const active = live('sub-3m', 'month', 3);
    expect(isSelectable(quarter, active)).toBe(false);
    expect(isSelectable(month, active)).toBe(false);
    expect(isSelectable(year, active)).toBe(true);
    expect(all.every((p) => isSelectable(p, null))).toBe(true);
  });

  it("says 'Get Cheaper Plan' when the selected plan is longer than the active one, else 'Continue'", () => {
    expect(actionLabel(year, live('sub-1m', 'month', 1))).toBe('Get Cheaper Plan');
    expect(actionLabel(year, null)).toBe('Continue');
    expect(actionLabel(null, live('sub-1m', 'month', 1))).toBe('Continue');
  });

  it('disables the action without a product or while loading', () => {
    expect(isActionDisabled(null, false)).toBe(true);
    expect(isActionDisabled(year, true)).toBe(true);
    expect(isActionDisabled(year, false)).toBe(false);
  });

  it('converts periods to months (year × 12, weekly ¼)', () => {
    expect(subscriptionMonths({ periodType: 'year', periodValue: 1 })).toBe(12);
    expect(subscriptionMonths({ periodType: 'month', periodValue: 3 })).toBe(3);
    expect(subscriptionMonths({ periodType: 'week', periodValue: 1 })).toBe(0.25);
  });
});

describe('selection rules (001 §4, §5)', () => {
  it('selects the first yearly product by default', () => {
    expect(defaultSelection(all, null)?.id).toBe('sub-12m');
  });

  it('falls back to the first selectable plan without a yearly one', () => {
    expect(defaultSelection([weekly, month], null)?.id).toBe('sub-weekly');
    expect(defaultSelection([], null)).toBeNull();
  });

  it('in single mode selects monthly for monthly users without the experiment, else the yearly one', () => {
    expect(defaultSelection(all, null, { userMonths: 1, weeklyExperiment: false })?.id).toBe('sub-1m');
    expect(defaultSelection(all, null, { userMonths: 1, weeklyExperiment: true })?.id).toBe('sub-12m');
  });

  it('gives subscribers upgrade-only plans (their current plan shown, shorter ones gone)', () => {
    const shown = visiblePlans(all, live('sub-3m', 'month', 3)).map((p) => p.id);
    expect(shown).toEqual(['sub-3m', 'sub-12m', 'sub-lifetime']);
    expect(
      defaultSelection(visiblePlans(all, live('sub-3m', 'month', 3)), live('sub-3m', 'month', 3))?.id,
    ).toBe('sub-12m');
  });

  it('single-option mode: monthly users get plans longer than monthly and shorter than annual', () => {
    expect(singleOptionPlans(all, 1, false).map((p) => p.id)).toEqual(['sub-3m']);
  });

  it('single-option mode: shorter than lifetime for monthly users in the weekly experiment', () => {
    expect(singleOptionPlans(all, 1, true).map((p) => p.id)).toEqual(['sub-3m', 'sub-12m']);
  });

  it('single-option mode: quarterly users get plans longer than quarterly', () => {
    expect(singleOptionPlans(all, 3, false).map((p) => p.id)).toEqual(['sub-12m', 'sub-lifetime']);
  });
});

describe('headlines and legal text', () => {
  it('offers the first-subscription discount, up to the best one, to non-subscribers', () => {
    expect(pricingHeadline([month, testProduct('y', { discount: 70 })], null)).toEqual({
      title: 'Get Exclusive Discount Only Today!',
      subtitle: 'Up to 70% off for first subscription',
    });
  });

  it('tells subscribers to upgrade', () => {
    const monthly = live('sub-1m', 'month', 1);
    expect(pricingHeadline(visiblePlans(all, monthly), monthly).title).toBe(
      'Upgrade Your Subscription Today and Pay Less!',
    );
  });

  it("shows lifetime's 'Endless Honeyed Bliss' to annual users, whose only upgrade is lifetime", () => {
    const annual = live('sub-12m', 'year', 1);
    expect(visiblePlans(all, annual).map((p) => p.id)).toEqual(['sub-12m', 'sub-lifetime']);
    expect(pricingHeadline(visiblePlans(all, annual), annual)).toEqual({
      title: 'Endless Honeyed Bliss',
      subtitle: 'Limitless pleasure unlocked! Enjoy all benefits forever.',
    });
  });

  it("shows 'Endless Honeyed Bliss' to a lifetime subscriber, and never to quarterly users or visitors", () => {
    const holder = live('sub-lifetime', 'year', 100);
    expect(pricingHeadline(visiblePlans(all, holder), holder).title).toBe('Endless Honeyed Bliss');
    const quarterly = live('sub-3m', 'month', 3);
    expect(pricingHeadline(visiblePlans(all, quarterly), quarterly).title).toBe(
      'Upgrade Your Subscription Today and Pay Less!',
    );
    expect(pricingHeadline(all, null).title).toBe('Get Exclusive Discount Only Today!');
  });

  it.each([
    [weekly, '$6.99 for the first week, then $39.99 per month'],
    [month, '$19.99 for the first month, then $39.99 per month'],
    [quarter, '$43.99 for the first 3 months, then $109.99 every 3 months'],
    [year, '$119.99 for the first year, then $399.99 per year'],
  ])('carries the intro price, the 24-hour cancel notice and 18+ (%s)', (product, intro) => {
    const text = legalText(product);
    expect(text.startsWith(intro)).toBe(true);
    expect(text).toContain('24 hours before the renewal date');
    expect(text).toContain('18 or older');
  });
});

describe('what /pricing offers each subscriber (001 §4, §6)', () => {
  const recurring = [weekly, month, quarter, year];

  it('should add the lifetime offer for an annual user, selectable and selected, under the lifetime headline', () => {
    const active = live('sub-12m', 'year', 1);
    const plans = visiblePlans(plansWithLifetime(recurring, [lifetime], active), active);
    expect(plans.map((p) => p.id)).toEqual(['sub-12m', 'sub-lifetime']);
    expect(defaultSelection(plans, active)?.id).toBe('sub-lifetime');
    expect(pricingHeadline(plans, active).title).toBe('Endless Honeyed Bliss');
    expect(holdsLongestPlan(plans, active)).toBe(false);
  });

  it('should show a lifetime holder their plan as current and offer tokens instead of a disabled action', () => {
    const active = live('sub-lifetime', 'year', 100);
    const plans = visiblePlans(plansWithLifetime(recurring, [lifetime], active), active);
    expect(plans.map((p) => p.id)).toEqual(['sub-lifetime']);
    expect(planLabel(lifetime, active, null)).toBe('Current Plan');
    expect(holdsLongestPlan(plans, active)).toBe(true);
  });

  it('should leave the lists of visitors and of subscribers with a longer recurring plan alone', () => {
    expect(plansWithLifetime(recurring, [lifetime], null)).toEqual(recurring);
    expect(plansWithLifetime(recurring, [lifetime], live('sub-1m', 'month', 1))).toEqual(recurring);
  });
});
