import { describe, expect, it } from 'vitest';
import { paywallSize } from './paywall-size.ts';

describe('paywall width (001 §2)', () => {
  it('should be 776 px (lg) for the quiz variants and 600 px (md) by default', () => {
    expect(paywallSize({ source: 'quiz_quiz-fb', presentation: 'quiz-discount' })).toBe('lg');
    expect(paywallSize({ source: 'landing', presentation: 'quiz-discount' })).toBe('lg');
    expect(paywallSize({ source: 'quiz-vip' })).toBe('lg');
    expect(paywallSize({ source: 'header' })).toBe('md');
  });
});
