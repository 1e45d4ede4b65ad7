import { BUS_EVENTS, type BusEventMap, type ShellBus } from '@companion/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createAppBus } from './app-bus.ts';
import { BusContractError, createEventBus } from './event-bus.ts';

const user = { user: null };

describe('event bus', () => {
  it('should replay the last value of a state event to a late subscriber', () => {
    const bus = createAppBus();
    bus.publish('theme:changed', { mode: 'dark' });
    bus.publish('theme:changed', { mode: 'light' });
    const seen: string[] = [];
    bus.subscribe('theme:changed', (p) => seen.push(p.mode));
    expect(seen).toEqual(['light']);
    expect(bus.current('theme:changed')).toEqual({ mode: 'light' });
  });

  it('should not replay a fact to a late subscriber', () => {
    const bus = createAppBus();
    const explore = bus.as('explore');
    explore.publish('character:unlocked', { personModelId: 'a' });
    const listener = vi.fn();
    bus.subscribe('character:unlocked', listener);
    expect(listener).not.toHaveBeenCalled();
    expect(bus.current('character:unlocked')).toBeUndefined();
    explore.publish('character:unlocked', { personModelId: 'b' });
    expect(listener).toHaveBeenCalledWith({ personModelId: 'b' });
  });

  it('should deliver an intent to its one handler and refuse a second handler', () => {
    const bus = createAppBus();
    const handler = vi.fn();
    const sub = bus.handle('paywall:open-requested', handler);
    expect(() => bus.handle('paywall:open-requested', vi.fn())).toThrow(BusContractError);
    bus.as('explore').publish('paywall:open-requested', { paywallType: 'subscription', source: 'banner' });
    expect(handler).toHaveBeenCalledWith({ paywallType: 'subscription', source: 'banner' });
    sub.unsubscribe();
    bus.handle('paywall:open-requested', vi.fn());
  });

  it('should keep the last intent published before its handler registers and deliver it once', () => {
    const bus = createAppBus();
    bus.as('explore').publish('auth:login-requested', { mode: 'login', source: 'a' });
    bus.as('explore').publish('auth:login-requested', { mode: 'expired', source: 'b' });
    const handler = vi.fn();
    const sub = bus.handle('auth:login-requested', handler);
    expect(handler).toHaveBeenCalledExactlyOnceWith({ mode: 'expired', source: 'b' });
    sub.unsubscribe();
    const again = vi.fn();
    bus.handle('auth:login-requested', again);
    expect(again).not.toHaveBeenCalled();
  });

  it('should refuse subscribing to an intent', () => {
    const bus = createAppBus();
    expect(() => bus.subscribe('auth:login-requested', vi.fn())).toThrow(/intent/);
  });

  it('should refuse a publisher the table does not list', () => {
    const bus = createAppBus();
    expect(() =>
      bus.as('chat').publish('session:changed', { status: 'anonymous', userId: null, isSoftDeleted: false }),
    ).toThrow("'chat' may not publish 'session:changed'");
    expect(() => bus.as('explore').publish('category:changed', { category: 'anime' })).not.toThrow();
  });

  it('should keep delivering when one listener throws', () => {
    const errors: unknown[] = [];
    const bus = createAppBus((error) => errors.push(error));
    const good = vi.fn();
    bus.subscribe('user:changed', () => {
      throw new Error('boom');
    });
    bus.subscribe('user:changed', good);
    bus.publish('user:changed', user);
    expect(good).toHaveBeenCalledOnce();
    expect(errors).toHaveLength(1);
  });

  it('should stop delivering after unsubscribe', () => {
    const bus = createAppBus();
    const listener = vi.fn();
    bus.subscribe('tokens:balance-changed', listener).unsubscribe();
    bus.publish('tokens:balance-changed', {
      balance: { remainingTokens: 1, spentTokens: 0, nextDailyTokenClaimDate: null },
    });
    expect(listener).not.toHaveBeenCalled();
  });

  it('should skip a listener unsubscribed during an emission and not give that emission to one subscribed during it', () => {
    const bus = createAppBus();
    const explore = bus.as('explore');
    const late = vi.fn();
    const second = vi.fn();
    bus.subscribe('character:unlocked', () => {
      sub2.unsubscribe();
      bus.subscribe('character:unlocked', late);
    });
    const sub2 = bus.subscribe('character:unlocked', second);
    explore.publish('character:unlocked', { personModelId: 'a' });
    expect(second).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
    explore.publish('character:unlocked', { personModelId: 'b' });
    expect(late).toHaveBeenCalledWith({ personModelId: 'b' });
  });

  it('should reject an event missing from the table', () => {
    const bus = createEventBus<{ a: number }, 'x'>(
      { a: { kind: 'fact', replay: 'none', publishers: 'any' } },
      'x',
    );
    expect(() => (bus as unknown as ShellBus).publish('theme:changed', { mode: 'dark' })).toThrow(
      /unknown bus event/,
    );
  });

  it('should give every state event replay and every other event none (behaviour table is consistent)', () => {
    for (const [name, row] of Object.entries(BUS_EVENTS)) {
      expect(row.replay, name).toBe(row.kind === 'state' ? 'last' : 'none');
      if (row.kind === 'intent') expect(row.handler, name).toBe('shell');
      const [domain, subject] = name.split(':');
      expect(domain && subject, name).toBeTruthy();
      if (row.kind === 'intent') expect(subject, name).toMatch(/-requested$/);
      // Facts are named in the past tense (the tracking facts add opened, added, succeeded, signed-up).
      else
        expect(subject, name).toMatch(
          /(^|-)(changed|received|unlocked|tracked|failed|opened|added|succeeded|signed-up)$/,
        );
    }
    const names: (keyof BusEventMap)[] = Object.keys(BUS_EVENTS) as (keyof BusEventMap)[];
    expect(new Set(names).size).toBe(names.length);
  });
});
