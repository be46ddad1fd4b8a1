import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateDecision, RateLimiter } from './rate-limiter.js';

export interface RateLimitOptions {
  /** Requests allowed per window (DESIGN §5: 300). */
  readonly points: number;
  readonly windowS: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { points: 300, windowS: 60 };

/** A fixed-window limiter held in process memory (`rate-limiter-flexible`'s memory store). */
export function createMemoryRateLimiter(options: RateLimitOptions = DEFAULT_RATE_LIMIT): RateLimiter {
  const limiter = new RateLimiterMemory({ points: options.points, duration: options.windowS });
  const decide = (res: RateLimiterRes, allowed: boolean): RateDecision => ({
    allowed,
    limit: options.points,
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
