import { RateLimiterRes } from 'rate-limiter-flexible';
import type { RateDecision, RateLimiter } from './rate-limiter.js';

/** A `rate-limiter-flexible` limiter (any store) as our `RateLimiter`: a refusal is a decision, not an error. */
export function adaptFlexibleLimiter(
  limiter: { consume(key: string): Promise<RateLimiterRes> },
  points: number,
): RateLimiter {
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
