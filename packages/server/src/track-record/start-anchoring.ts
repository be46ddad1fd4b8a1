import type { Logger } from 'pino';
import { type AnchorOptions, anchorHead } from './anchor-head.js';

const DAY_MS = 86_400_000;

export interface Anchoring {
  /** Anchors the head now (at shutdown); resolves when written or failed (logged). */
  anchorNow(): Promise<void>;
  stop(): void;
}

/**
 * Anchors the head at start when the newest anchor is not on this network (a development localnet
 * starts empty), then at every UTC midnight (or every `everyMs`), and when asked (shutdown).
 * Failures are logged; the next run tries again.
 */
export function startAnchoring(
  options: AnchorOptions & { readonly logger: Logger; readonly everyMs?: number },
): Anchoring {
  let running: Promise<void> = Promise.resolve();
  const run = (why: string) => {
    running = running.then(async () => {
      try {
        const anchor = await anchorHead(options);
        if (anchor)
          options.logger.info({ seq: anchor.seq, signature: anchor.signature, why }, 'track record anchored');
      } catch (e) {
        options.logger.error({ err: e, why }, 'track record: anchoring the head failed');
      }
    });
    return running;
  };
  void (async () => {
    const anchors = await options.log.anchors().catch(() => []);
    if (anchors.at(-1)?.network !== options.network) await run('start');
  })();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    const now = options.now();
    const wait = options.everyMs ?? (Math.floor(now / DAY_MS) + 1) * DAY_MS - now;
    timer = setTimeout(() => {
      void run('schedule').then(schedule);
    }, wait);
    timer.unref();
  };
  schedule();
  return {
    anchorNow: () => run('shutdown'),
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
