import { describe, expect, it } from 'vitest';
import { formatCountdown } from '@companion/ui';
import { selectTimeBombOffer, TIME_BOMB_SECONDS } from './time-bomb-offer.ts';

describe('selectTimeBombOffer', () => {
  it('should offer Premium 12 months with a discount label and no percentage to a user without a period', () => {
    const offer = selectTimeBombOffer({ periodInMonths: 'none', weeklyPlanExperiment: false });
    expect(offer).toMatchObject({ productTitle: 'Premium', productAmount: 12, paywallType: 'subscription' });
    expect(offer.label).toBeTruthy();
    expect(offer.discountPercent).toBeUndefined();
  });

  it('should offer 550 tokens with 50 free to a monthly user in the weekly-plan experiment', () => {
    expect(selectTimeBombOffer({ periodInMonths: 'monthly', weeklyPlanExperiment: true })).toMatchObject({
      productAmount: 550,
      paywallType: 'tokens',
      label: 'Collect 50 FREE Tokens',
      eventName: 'banner_550_tokens_clicked',
    });
  });

  it('should offer the cheaper 3-month plan at 85% off to other monthly users', () => {
    expect(selectTimeBombOffer({ periodInMonths: 'monthly', weeklyPlanExperiment: false })).toMatchObject({
      productAmount: 3,
      paywallType: 'subscription',
      label: 'Cheaper Plan',
      discountPercent: 85,
      eventName: 'banner_subscription_quarter_clicked',
    });
  });

  it('should offer 550 tokens to a quarterly user, whatever the experiment', () => {
    for (const weeklyPlanExperiment of [true, false]) {
      const offer = selectTimeBombOffer({ periodInMonths: 'quarterly', weeklyPlanExperiment });
      expect(offer).toMatchObject({ productAmount: 550, paywallType: 'tokens' });
      expect(offer.label).toBeUndefined();
    }
  });

  it.each(['annually', 'lifetime'] as const)(
    'should offer 1150 tokens with 150 free to a %s user',
    (period) => {
      expect(selectTimeBombOffer({ periodInMonths: period, weeklyPlanExperiment: true })).toMatchObject({
        productAmount: 1150,
        paywallType: 'tokens',
        label: 'Collect 150 FREE Tokens',
        eventName: 'banner_1150_tokens_clicked',
        eventProperties: { banner_placement: 'explore_time_bomb' },
      });
    },
  );

  it('should count down from 9:59', () => {
    expect(formatCountdown(TIME_BOMB_SECONDS)).toBe('9:59');
  });
});
