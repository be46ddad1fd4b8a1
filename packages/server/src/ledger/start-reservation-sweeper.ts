import type { Logger } from 'pino';
import type { Ledger } from './ledger.js';

/** A reservation older than this belongs to a call that cannot still be answered (deadlines ≤ 60 s). */
export const RESERVATION_TTL_MS = 5 * 60_000;

export interface ReservationSweeperOptions {
  readonly ledger: Ledger;
  readonly logger: Logger;
  readonly now: () => number;
  /**
   * True when this process is the ledger's only writer (the embedded SQLite file, whose holds are
   * in process memory): every reservation row found at start was left by a crash of a version
   * that stored them. Replicas sharing PostgreSQL void only those older than `RESERVATION_TTL_MS`,
   * since another replica's calls may be in flight.
   */
  readonly soleWriter: boolean;
  readonly everyMs?: number;
}

/**
 * Voids the reservations a crash left (at start), then every `everyMs` those older than
 * `RESERVATION_TTL_MS`: a hold never outlives its call, and a void never charges.
 */
export async function startReservationSweeper(options: ReservationSweeperOptions): Promise<{ stop(): void }> {
  const { ledger, logger, now } = options;
  const atStart = await ledger.voidReservations(options.soleWriter ? now() + 1 : now() - RESERVATION_TTL_MS);
  if (atStart > 0) logger.warn({ voided: atStart }, 'voided credit reservations left by an earlier run');
  const timer = setInterval(() => {
    ledger.voidReservations(now() - RESERVATION_TTL_MS).then(
      (n) => {
        if (n > 0) logger.warn({ voided: n }, 'voided stale credit reservations');
      },
      (err) => logger.error({ err }, 'voiding stale reservations failed'),
    );
  }, options.everyMs ?? 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
