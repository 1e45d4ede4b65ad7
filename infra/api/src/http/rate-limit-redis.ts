import { Redis } from 'ioredis';

/**
 * The Redis connection the rate limits count in (`REDIS_URL`), shared by every instance: short timeouts, because
 * the limiter skips counting while Redis is away rather than holding requests (`skipOnError` in app.ts).
 */
export function openRateLimitRedis(url: string, onError: (error: unknown) => void): Redis {
  const redis = new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1 });
  redis.on('error', onError);
  return redis;
}
