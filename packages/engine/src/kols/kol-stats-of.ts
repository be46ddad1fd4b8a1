import { isoTimeOrNull } from '../says/iso-time.js';
import type { KolStatsRow } from './build-kol-stats-sql.js';
import type { KolStats } from './kol-stats.js';

/** The API shape of a KOL-stats query row. */
export function kolStatsOf(r: KolStatsRow, days: number): KolStats {
  return {
    wallet: r.wallet,
    name: r.name,
    handle: r.handle,
    verified: r.verified,
    followers: r.followers,
    lifetime: {
      trades: r.trades,
      volume_sol: r.volume_sol,
      realized_sol: r.realized_sol,
      tokens: r.tokens,
      tokens_won: r.tokens_won,
      tokens_settled: r.tokens_settled,
      win_rate: r.tokens_settled > 0 ? r.tokens_won / r.tokens_settled : null,
      first_trade_at: isoTimeOrNull(r.first_trade_at),
      last_trade_at: isoTimeOrNull(r.last_trade_at),
    },
    recent: {
      days,
      trades: r.recent_trades,
      volume_sol: r.recent_volume_sol,
      realized_sol: r.recent_realized_sol,
      tokens: r.recent_tokens,
      last_trade_at: isoTimeOrNull(r.recent_last_trade_at),
    },
  };
}
