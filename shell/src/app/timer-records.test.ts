import { describe, expect, it } from 'vitest';
import { createAppBus } from '@companion/event-bus';
import { TIMERS_KEY, installTimerRecords } from './timer-records.ts';

describe('timer records (001 §3, §4)', () => {
  it('should record a timer with an id and a start date once, and replay it after a reload', () => {
    localStorage.clear();
    let now = new Date('2026-11-24T00:00:00Z');
    const bus = createAppBus();
    installTimerRecords(bus, localStorage, () => now);
    expect(bus.current('timers:changed')).toEqual({ timers: {} });
    bus.as('explore').publish('timer:start-requested', { id: 'time-bomb' });
    now = new Date('2026-11-24T00:05:00Z');
    bus.as('explore').publish('timer:start-requested', { id: 'time-bomb' });
    const record = { id: 'time-bomb', startDate: '2026-11-24T00:00:00.000Z' };
    expect(bus.current('timers:changed')).toEqual({ timers: { 'time-bomb': record } });
    expect(JSON.parse(localStorage.getItem(TIMERS_KEY)!)).toEqual({ 'time-bomb': record });

    // A reload: a new bus over the same storage replays the kept start date.
    const reloaded = createAppBus();
    installTimerRecords(reloaded, localStorage, () => now);
    expect(reloaded.current('timers:changed')).toEqual({ timers: { 'time-bomb': record } });
  });
});
