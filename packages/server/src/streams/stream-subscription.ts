import type { StreamName } from '../live/event-log.js';
import type { PricedRouteId } from '../pricing/price-table.js';

/** Why a stream ended, sent as `event: end` with `{reason}`. */
export type EndReason = 'max_events' | 'credits_exhausted' | 'key_revoked' | 'shutdown';

/** What one SSE connection asks for: filters are applied before billing. */
export interface StreamSubscription {
  readonly stream: StreamName;
  readonly route: PricedRouteId;
  readonly keyId: string;
  /** The secret the connection presented: a rotation ends the stream (the old key dies at once). */
  readonly keySecret?: string;
  /** Credits per delivered event. */
  readonly credits: number;
  readonly requestId: string;
  readonly filter: (payload: Readonly<Record<string, unknown>>) => boolean;
  /** Close after this many delivered events (null: no cap). */
  readonly maxEvents: number | null;
  /** `Last-Event-ID`: resume after it; null for a fresh connection (no backlog). */
  readonly lastEventId: number | null;
}
