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
    const books = createBookkeeping(run);
    books.request(['subscription|*'], 'payment');
    vi.advanceTimersByTime(400);
    books.request(['cards|*', 'subscription|*'], 'panel');
    vi.advanceTimersByTime(SUBSCRIPTION_BOOKKEEPING_DEBOUNCE_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect([...run.mock.calls[0]![0]].sort()).toEqual(['cards|*', 'subscription|*']);
    expect(run.mock.calls[0]![1]).toBe('panel');
  });

  it('runs again for a request after the quiet time, and flush runs a pending one at once', () => {
    const run = vi.fn();
    const books = createBookkeeping(run);
    books.request(['subscription|*'], 'a');
    vi.advanceTimersByTime(SUBSCRIPTION_BOOKKEEPING_DEBOUNCE_MS);
    books.request(['products|*'], 'b');
    books.flush();
    expect(run).toHaveBeenCalledTimes(2);
    books.flush();
    vi.advanceTimersByTime(SUBSCRIPTION_BOOKKEEPING_DEBOUNCE_MS);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
