import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from './countdown.tsx';
import { formatCountdown } from './format-countdown.ts';

describe('formatCountdown', () => {
  it('should format seconds as m:ss', () => {
    expect(formatCountdown(599)).toBe('9:59');
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(10)).toBe('0:10');
    expect(formatCountdown(120)).toBe('2:00');
    expect(formatCountdown(5)).toBe('0:05');
    expect(formatCountdown(0)).toBe('0:00');
  });

  it('should switch to h:mm:ss from one hour up', () => {
    expect(formatCountdown(3600)).toBe('1:00:00');
    expect(formatCountdown(3661)).toBe('1:01:01');
  });

  it('should floor fractions and clamp negative or invalid input to 0:00', () => {
    expect(formatCountdown(9.9)).toBe('0:09');
    expect(formatCountdown(-3)).toBe('0:00');
    expect(formatCountdown(Number.NaN)).toBe('0:00');
  });
});

describe('Countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  const shown = () => screen.getByRole('timer').textContent;

  it('should start at the full duration and tick down each second', () => {
    render(<Countdown seconds={599} />);
    expect(shown()).toBe('9:59');
    advance(1000);
    expect(shown()).toBe('9:58');
    advance(59_000);
    expect(shown()).toBe('8:59');
  });

  it('should stop at 0:00 and call onExpire once without loop', () => {
    const onExpire = vi.fn();
    render(<Countdown seconds={10} onExpire={onExpire} />);
    expect(shown()).toBe('0:10');
    advance(9000);
    expect(shown()).toBe('0:01');
    expect(onExpire).not.toHaveBeenCalled();
    advance(1000);
    expect(shown()).toBe('0:00');
    expect(onExpire).toHaveBeenCalledTimes(1);
    advance(30_000);
    expect(shown()).toBe('0:00');
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('should restart from the full duration with loop and expire on every run', () => {
    const onExpire = vi.fn();
    render(<Countdown seconds={59} loop onExpire={onExpire} />);
    advance(59_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(shown()).toBe('0:59');
    advance(1000);
    expect(shown()).toBe('0:58');
    advance(58_000);
    expect(onExpire).toHaveBeenCalledTimes(2);
    expect(shown()).toBe('0:59');
  });

  it('should follow the injected clock rather than the number of timer callbacks', () => {
    let clock = 1_000_000;
    render(<Countdown seconds={599} loop now={() => clock} />);
    clock += 125_000;
    advance(1000);
    expect(shown()).toBe('7:54');
    // A tab that slept through two whole runs lands where an uninterrupted loop would be.
    clock += 2 * 599_000 + 4000;
    advance(1000);
    expect(shown()).toBe('7:50');
  });

  it('should restart when the duration changes', () => {
    const { rerender } = render(<Countdown seconds={10} />);
    advance(3000);
    expect(shown()).toBe('0:07');
    rerender(<Countdown seconds={120} />);
    expect(shown()).toBe('2:00');
    advance(1000);
    expect(shown()).toBe('1:59');
  });

  it('should continue from a recorded start date and loop at 0:00 (001 §3 timers kept per id)', () => {
    let clock = 5_000_000;
    // Started 65 s before this mount (a reload): 9:59 - 1:05.
    render(<Countdown seconds={599} loop startedAt={clock - 65_000} now={() => clock} />);
    expect(shown()).toBe('8:54');
    clock += 1000;
    advance(1000);
    expect(shown()).toBe('8:53');
    cleanup();
    // Started two whole runs and 10 s ago: it looped and continues from 9:49.
    render(<Countdown seconds={599} loop startedAt={clock - 2 * 599_000 - 10_000} now={() => clock} />);
    expect(shown()).toBe('9:49');
  });

  it('should stop ticking after unmount', () => {
    const onExpire = vi.fn();
    const { unmount } = render(<Countdown seconds={2} onExpire={onExpire} />);
    unmount();
    advance(5000);
    expect(onExpire).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
