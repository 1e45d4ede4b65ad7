import { describe, expect, it } from 'vitest';
import { promoBannersFor } from './promo-banners.ts';

describe('promoBannersFor', () => {
  it.each([
    ['none', [12]],
    ['monthly', [3, 350]],
    ['quarterly', [12, 550]],
    ['annually', [1150, 550]],
    ['lifetime', [1150, 550]],
  ] as const)('should give a %s user the banners %j', (period, amounts) => {
    expect(promoBannersFor(period).map((banner) => banner.offer.productAmount)).toEqual(amounts);
  });

  it('should tag every grid banner with the grid placement and a banner event', () => {
    for (const period of ['none', 'monthly', 'quarterly', 'annually'] as const) {
      for (const banner of promoBannersFor(period)) {
        expect(banner.offer.eventProperties.banner_placement).toBe('explore_grid');
        expect(banner.offer.eventName).toMatch(/^banner_.*_clicked$/);
      }
    }
  });
});
