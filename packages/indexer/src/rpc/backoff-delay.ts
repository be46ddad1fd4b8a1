export interface BackoffOptions {
  /** Delay step of the first retry. */
  readonly baseMs: number;
  /** No delay exceeds this. */
  readonly capMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 250, capMs: 10_000 };

/**
 * Delay before retry `attempt` (0-based): exponential backoff with "equal jitter" — half of
 * min(cap, base·2^attempt) plus a uniform share of the other half, `random` ∈ [0, 1).
 */
export function backoffDelay(attempt: number, options: BackoffOptions, random: number): number {
  const step = Math.min(options.capMs, options.baseMs * 2 ** Math.min(attempt, 30));
  return step / 2 + (step / 2) * random;
}
