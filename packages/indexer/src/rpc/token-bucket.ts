export interface TokenBucketOptions {
  /** Tokens added per second. */
  readonly ratePerS: number;
  /** Most tokens held at once (the burst). */
  readonly burst: number;
}

/** A token bucket rate limiter; every method takes the current time (ms), so it holds no clock. */
export class TokenBucket {
  private tokens: number;
  private last: number;
  private pausedUntil = 0;

  constructor(
    private readonly options: TokenBucketOptions,
    now: number,
  ) {
    this.tokens = options.burst;
    this.last = now;
  }

  /** Takes one token: 0 when it was there, else the ms to wait before asking again (nothing is taken). */
  take(now: number): number {
    if (now < this.pausedUntil) return this.pausedUntil - now;
    this.refill(now);
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - this.tokens) / this.options.ratePerS) * 1000);
  }

  /** The server said slow down: no token before `now + ms`, and the bucket restarts empty. */
  pause(now: number, ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, now + ms);
    this.tokens = 0;
    this.last = Math.max(this.last, this.pausedUntil);
  }

  private refill(now: number): void {
    if (now <= this.last) return;
    this.tokens = Math.min(
      this.options.burst,
      this.tokens + ((now - this.last) / 1000) * this.options.ratePerS,
    );
    this.last = now;
  }
}
