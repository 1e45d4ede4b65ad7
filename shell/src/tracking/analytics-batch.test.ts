import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShellBus } from '@companion/contracts';
import { createAppBus } from '@companion/event-bus';
import {
  BATCH_INTERVAL_MS,
  BATCH_MAX_EVENTS,
  installAnalyticsBatch,
  toWireEvent,
  type WireEvent,
} from './analytics-batch.ts';

describe('analytics batching', () => {
  let bus: ShellBus;
  let sent: WireEvent[][];
  let beacons: unknown[];
  let send: (events: WireEvent[]) => Promise<unknown>;
  let beaconAccepts: boolean;
  let visibility: DocumentVisibilityState;
  let page: EventTarget & { document: { visibilityState: DocumentVisibilityState } };
  let stop: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    bus = createAppBus();
    sent = [];
    beacons = [];
    beaconAccepts = true;
    visibility = 'visible';
    send = async (events) => {
      sent.push(events);
    };
    const target = new EventTarget();
    page = Object.assign(target, {
      document: {
        get visibilityState() {
          return visibility;
        },
      },
    });
    stop = installAnalyticsBatch({
      bus,
      send: (events) => send(events),
      beacon: (body) => {
        if (!beaconAccepts) return false;
        beacons.push(body);
        return true;
      },
      accessToken: () => 'tok',
      path: () => '/quiz-fb',
      now: () => new Date('2026-11-24T03:00:00Z'),
      page: page as unknown as Window,
    });
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  const track = (name: string, properties: Record<string, string | number | boolean | null> = {}) =>
    bus.publish('analytics:event-tracked', { name, properties });

  it('should send the waiting events every 5 s, not before', async () => {
    track('quiz_started', { variant: 'quiz-fb' });
    track('paywall_shown');
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS - 1);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([
      [
        {
          name: 'quiz_started',
          properties: { variant: 'quiz-fb' },
          at: '2026-11-24T03:00:00.000Z',
          path: '/quiz-fb',
        },
        { name: 'paywall_shown', properties: {}, at: '2026-11-24T03:00:00.000Z', path: '/quiz-fb' },
      ],
    ]);
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS);
    expect(sent).toHaveLength(1);
  });

  it('should send at once when a batch is full', () => {
    for (let i = 0; i < BATCH_MAX_EVENTS; i += 1) track(`e${i}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(BATCH_MAX_EVENTS);
  });

  it('should keep the events of a failed send for the next tick, and drop a batch the API refused (4xx)', async () => {
    send = () => Promise.reject(Object.assign(new Error('offline'), { status: null }));
    track('a');
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS);
    send = async (events) => {
      sent.push(events);
    };
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS);
    expect(sent.map((batch) => batch.map((e) => e.name))).toEqual([['a']]);
    send = () => Promise.reject(Object.assign(new Error('bad'), { status: 400 }));
    track('b');
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS * 2);
    send = async (events) => {
      sent.push(events);
    };
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS);
    expect(sent).toHaveLength(1);
  });

  it('should beacon what waits, with the access token, when the page is hidden or left', async () => {
    track('quiz_completed', { variant: 'quiz-fb' });
    visibility = 'hidden';
    page.dispatchEvent(new Event('visibilitychange'));
    expect(beacons).toHaveLength(1);
    const body = JSON.parse(beacons[0] as string) as { events: WireEvent[]; accessToken: string };
    expect(body.accessToken).toBe('tok');
    expect(body.events.map((e) => e.name)).toEqual(['quiz_completed']);
    track('later');
    page.dispatchEvent(new Event('pagehide'));
    expect(beacons).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS);
    expect(sent).toEqual([]);
  });

  it('should keep the events when the browser refuses the beacon', async () => {
    beaconAccepts = false;
    track('a');
    page.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS);
    expect(sent.map((batch) => batch.map((e) => e.name))).toEqual([['a']]);
  });

  it('should not send events whose name the API cannot store', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    track('bad name with spaces');
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS);
    expect(sent).toEqual([]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('toWireEvent', () => {
  it('should cut long values, drop bad keys and non-finite numbers, and keep at most 40 properties', () => {
    const properties: Record<string, string | number | boolean | null> = {
      long: 'x'.repeat(600),
      'bad key': 1,
      nan: Number.NaN,
      ok: true,
    };
    for (let i = 0; i < 50; i += 1) properties[`p${i}`] = i;
    const wire = toWireEvent({ name: 'n', properties }, new Date(0), '/p')!;
    expect((wire.properties['long'] as string).length).toBe(500);
    expect(wire.properties).not.toHaveProperty('bad key');
    expect(wire.properties).not.toHaveProperty('nan');
    expect(Object.keys(wire.properties)).toHaveLength(40);
  });
});
