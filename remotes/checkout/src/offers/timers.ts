import type { Timer } from '@companion/contracts';

/**
 * Seconds left on a looping offer timer (001 §4 "Timers reset when they expire"): the record's start date, not
 * the page load, decides, so a reload continues the countdown. A timer that has not started shows its length.
 */
export function remainingSeconds(timer: Timer | undefined, durationSeconds: number, nowMs: number): number {
  if (!timer) return durationSeconds;
  const started = Date.parse(timer.startDate);
  if (!Number.isFinite(started) || durationSeconds <= 0) return durationSeconds;
  const durationMs = durationSeconds * 1000;
  const elapsed = Math.max(0, nowMs - started) % durationMs;
  return Math.ceil((durationMs - elapsed) / 1000);
}

/** The timer record id of one offer surface: one per flow step and user, so offers do not share a countdown. */
export function offerTimerId(flow: string, step: string, userId: string | null): string {
  return `offer:${flow}:${step}:${userId ?? 'visitor'}`;
}
