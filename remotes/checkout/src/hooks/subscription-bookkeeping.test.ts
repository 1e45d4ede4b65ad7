import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBookkeeping, SUBSCRIPTION_BOOKKEEPING_DEBOUNCE_MS } from './subscription-bookkeeping.ts';

describe('subscription bookkeeping (000 §9: debounce 500 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs requests within 500 ms of each other once, 500 ms after the last, with every cache asked for', () => {
    const run = vi.fn();
    const request = createBookkeeping(run);
    request(['subscription|*'], 'payment');
    vi.advanceTimersByTime(400);
    request(['cards|*', 'subscription|*'], 'panel');
    vi.advanceTimersByTime(SUBSCRIPTION_BOOKKEEPING_DEBOUNCE_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect([...(run.mock.calls[0]![0] as Set<string>)].sort()).toEqual(['cards|*', 'subscription|*']);
    expect(run.mock.calls[0]![1]).toBe('panel');
  });

  it('runs again for a request after the quiet time, with only what was asked since', () => {
    const run = vi.fn();
    const request = createBookkeeping(run);
    request(['subscription|*'], 'a');
    vi.advanceTimersByTime(SUBSCRIPTION_BOOKKEEPING_DEBOUNCE_MS);
    request(['products|*'], 'b');
    vi.advanceTimersByTime(SUBSCRIPTION_BOOKKEEPING_DEBOUNCE_MS);
    expect(run).toHaveBeenCalledTimes(2);
    expect([...(run.mock.calls[1]![0] as Set<string>)]).toEqual(['products|*']);
  });
});
