const DAY_MS = 86_400_000;
/** How long after a UTC midnight the new day is warmed. */
const AFTER_MIDNIGHT_MS = 1000;

export interface WarmEachDayOptions {
  /** The service's clock (epoch ms). */
  readonly now: () => number;
  /** Heard when a day's warm-up has finished, with how long it took. */
  readonly onReady?: (dayStart: number, ms: number) => void;
  /** Heard when a day's warm-up failed; the next day is warmed all the same. */
  readonly onError?: (error: unknown, dayStart: number) => void;
}

export interface DailyWarmer {
  /** Stops warming later days (a warm-up already running goes on). */
  stop(): void;
}

/**
 * Runs `warm(dayStart)` for the current UTC day at once, then again just after each UTC midnight,
 * so that no request waits for what the service computes once a day. A timer that fires before
 * midnight (a clock set back, an early wake-up) warms nothing and waits again. The timer does not
 * keep the process alive.
 */
export function warmEachDay(
  warm: (dayStart: number) => Promise<unknown>,
  options: WarmEachDayOptions,
): DailyWarmer {
  let warmed = Number.NaN;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    const now = options.now();
    const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
    if (dayStart !== warmed) {
      warmed = dayStart;
      const started = performance.now();
      warm(dayStart).then(
        () => options.onReady?.(dayStart, performance.now() - started),
        (error: unknown) => options.onError?.(error, dayStart),
      );
    }
    timer = setTimeout(run, dayStart + DAY_MS - now + AFTER_MIDNIGHT_MS);
    timer.unref();
  };
  run();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
