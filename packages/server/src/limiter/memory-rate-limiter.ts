import { RateLimiterMemory } from 'rate-limiter-flexible';
import { adaptFlexibleLimiter } from './adapt-flexible-limiter.js';
import type { RateLimiter } from './rate-limiter.js';

export interface RateLimitOptions {
  /** Requests allowed per window (DESIGN §5: 300). */
  readonly points: number;
  readonly windowS: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { points: 300, windowS: 60 };

/** A fixed-window limiter held in process memory (`rate-limiter-flexible`'s memory store). */
export function createMemoryRateLimiter(options: RateLimitOptions = DEFAULT_RATE_LIMIT): RateLimiter {
  const limiter = new RateLimiterMemory({ points: options.points, duration: options.windowS });
  return adaptFlexibleLimiter(limiter, options.points);
}
