import { describe, expect, it } from 'vitest';
import { orderDeclineCode } from './bank-declines.ts';

describe('the SuttonBank decline (001 §5, §8)', () => {
  it('stays SuttonBank for a token payment', () => {
    expect(orderDeclineCode('SuttonBank', 'tokens')).toBe('SuttonBank');
  });
  it('is a plain bank decline (3.10) for a plan', () => {
    expect(orderDeclineCode('SuttonBank', 'subscription')).toBe('3.10');
  });
  it('leaves every other code as the provider gave it, 0.01 when it gave none', () => {
    expect(orderDeclineCode('3.04', 'subscription')).toBe('3.04');
    expect(orderDeclineCode('3.02', 'tokens')).toBe('3.02');
    expect(orderDeclineCode(null, 'tokens')).toBe('0.01');
  });
});
