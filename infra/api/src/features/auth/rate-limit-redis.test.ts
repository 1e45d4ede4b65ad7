// The auth rate limit counted in Redis (REDIS_URL): two API instances share one budget per client. Runs when
// Redis answers on 127.0.0.1:6379; reported as skipped otherwise.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORE_FEATURES, buildApp } from '../../app.ts';
import { openTestDatabase, testConfig } from '../../../test/harness.ts';
import { redisAnswers } from '@companion/hubs/testing/redis-available';

const available = await redisAnswers();

describe.skipIf(!available)('auth rate limit in Redis', () => {
  const nameSpace = `companion-test-rl-${process.pid}-${Date.now()}:`;
  let redis: Redis;
  let db: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeAll(async () => {
    redis = new Redis('redis://127.0.0.1:6379', { connectTimeout: 500, maxRetriesPerRequest: 1 });
    db = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    const keys = await redis.keys(`${nameSpace}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await db.cleanup();
  });

  const instance = () =>
    buildApp({
      features: CORE_FEATURES,
      config: testConfig({ authRateLimitPerMinute: 2 }),
      db: db.db,
      rateLimitStore: { redis, nameSpace },
    });

  it('should share one budget between two instances', async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    const login = (app: typeof a) =>
      app.inject({
        method: 'POST',
        url: '/api/Authenticate/login',
        payload: { email: 'x@example.com', password: 'wrongpass' },
      });
    const codes = [(await login(a)).statusCode, (await login(b)).statusCode];
    const third = await login(a);
    expect(codes).toEqual([401, 401]);
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('rate_limited');
    expect((await login(b)).statusCode).toBe(429);
    await Promise.all([a.close(), b.close()]);
  });
});
