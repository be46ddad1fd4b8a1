import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { adaptFlexibleLimiter } from './adapt-flexible-limiter.js';
import type { RateLimitOptions } from './memory-rate-limiter.js';
import type { RateLimiter } from './rate-limiter.js';

export interface RedisRateLimiterOptions extends RateLimitOptions {
  readonly client: Redis;
  /** Prefix of the Redis keys, so several deployments (or test runs) can share one Redis. */
  readonly keyPrefix?: string;
}

/**
 * The fixed-window limiter of `createMemoryRateLimiter` on a Redis store shared by every replica
 * (`rate-limiter-flexible`'s atomic Lua increment), so 300/min holds for a caller whichever replica
 * answers. A Redis error fails the request (500) rather than letting it through unlimited.
 */
export function createRedisRateLimiter(options: RedisRateLimiterOptions): RateLimiter {
  const points = options.points;
  const limiter = new RateLimiterRedis({
    storeClient: options.client,
    keyPrefix: options.keyPrefix ?? 'launchlens:rl',
    points,
    duration: options.windowS,
  });
  return adaptFlexibleLimiter(limiter, points);
}
