import { describe, expect, it } from 'vitest';
import { offerTimerId, remainingSeconds } from './timers.ts';

describe('offer timers', () => {
  const start = '2026-11-24T10:00:00.000Z';
  const at = (seconds: number) => Date.parse(start) + seconds * 1000;
  it('shows the full length before the record exists', () => {
    expect(remainingSeconds(undefined, 59, at(0))).toBe(59);
  });
  it('counts from the record’s start date, so a reload continues where it was', () => {
    const timer = { id: 't', startDate: start };
    expect(remainingSeconds(timer, 59, at(0))).toBe(59);
    expect(remainingSeconds(timer, 59, at(20))).toBe(39);
    // A "reload" 30.5 s later reads the same record: no restart.
    expect(remainingSeconds(timer, 59, at(30.5))).toBe(29);
  });
  it('loops when it expires', () => {
    const timer = { id: 't', startDate: start };
    expect(remainingSeconds(timer, 59, at(58.5))).toBe(1);
    expect(remainingSeconds(timer, 59, at(59))).toBe(59);
    expect(remainingSeconds(timer, 60, at(125))).toBe(55);
    expect(remainingSeconds(timer, 120, at(240 + 30))).toBe(90);
  });
  it('ignores a clock behind the start and a broken date', () => {
    expect(remainingSeconds({ id: 't', startDate: start }, 59, at(-10))).toBe(59);
    expect(remainingSeconds({ id: 't', startDate: 'nope' }, 59, at(0))).toBe(59);
  });
  it('keys timers per flow, step and user', () => {
    expect(offerTimerId('tokens', 'upsell', 'u1')).toBe('offer:tokens:upsell:u1');
    expect(offerTimerId('tokens', 'upsell', null)).toBe('offer:tokens:upsell:visitor');
  });
});
