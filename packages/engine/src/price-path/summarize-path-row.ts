import { isoTime, isoTimeOrNull } from '../says/iso-time.js';
import type { PathRow } from '../tables/path-row.js';
import type { TokenRow } from '../tables/token-row.js';
import type { PricePath } from './price-path-record.js';

const change = (to: number | null, from: number | null) =>
  to === null || from === null || from === 0 ? null : 100 * (to / from - 1);

/** The price path of a token from its path summary row (used when its ticks are no longer kept). */
export function summarizePathRow(token: TokenRow, row: PathRow, resolutionS: number): PricePath {
  return {
    source: 'summary',
    resolution_s: resolutionS,
    analysed_at: isoTime(token.analyzed_at),
    first_tick_at: isoTimeOrNull(row.first_tick_at),
    last_tick_at: isoTimeOrNull(row.last_tick_at),
    tick_count: row.tick_count,
    mcap_at_analysis_usd: token.mcap_at_analysis_usd,
    mcap_latest_usd: row.mcap_latest_usd,
    mcap_peak_usd: row.mcap_peak_usd,
    mcap_trough_usd: row.mcap_trough_usd,
    drawdown_from_peak_pct: change(row.mcap_latest_usd, row.mcap_peak_usd),
    change_since_analysis_pct: change(row.mcap_latest_usd, token.mcap_at_analysis_usd),
    price_latest_usd: row.price_latest_usd,
    liquidity_latest_usd: row.liquidity_latest_usd,
  };
}
