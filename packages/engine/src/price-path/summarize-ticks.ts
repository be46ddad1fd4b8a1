import { isoTime } from '../says/iso-time.js';
import type { TickRow } from '../tables/tick-row.js';
import type { TokenRow } from '../tables/token-row.js';
import type { PricePath } from './price-path-record.js';

const change = (to: number | null, from: number | null) =>
  to === null || from === null || from === 0 ? null : 100 * (to / from - 1);

/** The price path of a token from its ticks (ascending by time, at or before as_of); null when there are none. */
export function summarizeTicks(
  token: TokenRow,
  ticks: readonly TickRow[],
  resolutionS: number,
): PricePath | null {
  if (ticks.length === 0) return null;
  let peak = ticks[0].mcap_usd;
  let trough = ticks[0].mcap_usd;
  for (const t of ticks) {
    if (t.mcap_usd > peak) peak = t.mcap_usd;
    if (t.mcap_usd < trough) trough = t.mcap_usd;
  }
  const last = ticks[ticks.length - 1];
  return {
    source: 'ticks',
    resolution_s: resolutionS,
    analysed_at: isoTime(token.analyzed_at),
    first_tick_at: isoTime(ticks[0].at),
    last_tick_at: isoTime(last.at),
    tick_count: ticks.length,
    mcap_at_analysis_usd: token.mcap_at_analysis_usd,
    mcap_latest_usd: last.mcap_usd,
    mcap_peak_usd: peak,
    mcap_trough_usd: trough,
    drawdown_from_peak_pct: change(last.mcap_usd, peak),
    change_since_analysis_pct: change(last.mcap_usd, token.mcap_at_analysis_usd),
    price_latest_usd: last.price_usd,
    liquidity_latest_usd: last.liquidity_usd,
  };
}
