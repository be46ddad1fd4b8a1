import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitOptions } from './memory-rate-limiter.js';
import type { RateDecision, RateLimiter } from './rate-limiter.js';

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
  const decide = (res: RateLimiterRes, allowed: boolean): RateDecision => ({
    allowed,
    limit: points,
    remaining: Math.max(0, res.remainingPoints),
    reset_s: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  });
  return {
    async consume(caller) {
      try {
        return decide(await limiter.consume(caller), true);
      } catch (e) {
        if (e instanceof RateLimiterRes) return decide(e, false);
        throw e;
      }
    },
  };
}
