import { LruCache } from '@launchlens/engine/internal';
import type { PaymentLedger } from '../ledger/payment-ledger.js';
import type { RateLimiter } from '../limiter/rate-limiter.js';

export interface PlanRateLimitOptions {
  readonly ledger: PaymentLedger;
  readonly now: () => number;
  /** Requests per minute of a running plan; null leaves the caller on the base limiter. */
  readonly limitOf: (plan: string) => number | null;
  /** A limiter of `points` per minute (memory or Redis, as the base one). */
  readonly limiterFor: (points: number) => RateLimiter;
  /** How long a key's plan is trusted without asking the ledger again (default 5 s). */
  readonly cacheMs?: number;
}

const CACHE_MAX = 10_000;

/**
 * Wraps the base limiter so that a key with a running plan is counted against its plan's limit
 * (`x-ratelimit-limit` shows it). Callers are `key:<sha256 hex of the secret>` or `ip:<address>`,
 * as the rate-limit middleware names them; a key's plan is looked up by that hash and cached.
 */
export function withPlanRateLimits(base: RateLimiter, options: PlanRateLimitOptions): RateLimiter {
  const lookup = options.ledger.planOfKeyHash?.bind(options.ledger);
  if (!lookup) return base;
  const cacheMs = options.cacheMs ?? 5000;
  const plans = new LruCache<string, { plan: string | null; at: number }>(CACHE_MAX);
  const limiters = new Map<number, RateLimiter>();
  const planOf = async (hex: string): Promise<string | null> => {
    const now = Date.now();
    const hit = plans.get(hex);
    if (hit && now - hit.at < cacheMs) return hit.plan;
    const plan = await lookup(Buffer.from(hex, 'hex'), options.now());
    plans.set(hex, { plan, at: now });
    return plan;
  };
  return {
    async consume(caller) {
      if (!caller.startsWith('key:')) return base.consume(caller);
      const plan = await planOf(caller.slice(4));
      const points = plan === null ? null : options.limitOf(plan);
      if (points === null) return base.consume(caller);
      let limiter = limiters.get(points);
      if (!limiter) {
        limiter = options.limiterFor(points);
        limiters.set(points, limiter);
      }
      return limiter.consume(`plan:${caller}`);
    },
  };
}
