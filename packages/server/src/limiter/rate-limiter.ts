/** The state of one caller's window after a request was counted. */
export interface RateDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Seconds until the window resets. */
  readonly reset_s: number;
}

/**
 * Counts requests per caller (`key:<id>` or `ip:<address>`). The memory implementation serves one
 * process; replicas share the Redis one (`createRedisRateLimiter`, same library and semantics).
 */
export interface RateLimiter {
  consume(caller: string): Promise<RateDecision>;
}
