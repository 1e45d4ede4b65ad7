import type { ShellBus, Timer } from '@companion/contracts';

/** Where the timer records live (001 §3 "Timer: id and startDate, kept per id"), under the spec's prefix. */
export const TIMERS_KEY = 'persist:timers';

function readTimers(storage: Storage): Record<string, Timer> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(TIMERS_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    const timers: Record<string, Timer> = {};
    for (const [id, value] of Object.entries(parsed as Record<string, Partial<Timer>>)) {
      if (typeof value?.startDate === 'string' && Number.isFinite(Date.parse(value.startDate)))
        timers[id] = { id, startDate: value.startDate };
    }
    return timers;
  } catch {
    return {};
  }
}

/**
 * Timers as shell-owned, persisted state: `timer:start-requested` records `{ id, startDate }` once per id and
 * every record is replayed as `timers:changed`, so a countdown continues from its start date after a reload
 * (001 §3, §4) and remotes never touch storage. Returns the uninstall function.
 */
export function installTimerRecords(bus: ShellBus, storage: Storage, now: () => Date = () => new Date()) {
  let timers = readTimers(storage);
  bus.publish('timers:changed', { timers });
  const handler = bus.handle('timer:start-requested', ({ id }) => {
    if (timers[id]) return;
    timers = { ...timers, [id]: { id, startDate: now().toISOString() } };
    try {
      storage.setItem(TIMERS_KEY, JSON.stringify(timers));
    } catch {
      // Storage disabled: the timer still runs for this page.
    }
    bus.publish('timers:changed', { timers });
  });
  return () => handler.unsubscribe();
}
