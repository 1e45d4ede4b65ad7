// Two instances sharing Redis: an event for a user published on one reaches their connection on the other.

import { HttpTransportType } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officialClient, startHarness } from './testing/harness.ts';
import type { Harness } from './testing/harness.ts';
import { redisAnswers } from './testing/redis-available.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';

const available = await redisAnswers();

describe.skipIf(!available)('scale-out over Redis', () => {
  let a: Harness;
  let b: Harness;
  // A unique prefix keeps parallel runs and other apps on the same Redis apart.
  const prefix = `test-${process.pid}-${Date.now()}`;
  beforeAll(async () => {
    const hubs = { paymentNotificationHub: {} };
    a = await startHarness({ hubs, redisUrl: REDIS_URL, redisChannelPrefix: prefix });
    b = await startHarness({ hubs, redisUrl: REDIS_URL, redisChannelPrefix: prefix });
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
  });

  it('should deliver a user event published on instance A to the user connected on instance B, once', async () => {
    const c = officialClient(b, 'paymentNotificationHub', HttpTransportType.WebSockets, 'user:zoe');
    const local = officialClient(a, 'paymentNotificationHub', HttpTransportType.LongPolling, 'user:zoe');
    const onB: unknown[] = [];
    const onA: unknown[] = [];
    c.on('PaymentNotification', (p) => onB.push(p));
    local.on('PaymentNotification', (p) => onA.push(p));
    await Promise.all([c.start(), local.start()]);
    await Promise.all([a.hubs.ready(), b.hubs.ready()]);
    await a.hubs.sendToUser('paymentNotificationHub', 'zoe', 'PaymentNotification', {
      success: true,
      amountPaid: 1999,
    });
    await expect.poll(() => onB.length + onA.length).toBe(2);
    expect(onB).toEqual([{ success: true, amountPaid: 1999 }]);
    expect(onA).toEqual([{ success: true, amountPaid: 1999 }]);
    // Nothing reaches a user with no connection anywhere, and nothing is duplicated later.
    await a.hubs.sendToUser('paymentNotificationHub', 'nobody', 'PaymentNotification', {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onB.length + onA.length).toBe(2);
    await Promise.all([c.stop(), local.stop()]);
  });
});
