import { isoTime } from '../says/iso-time.js';
import type { TokenRow } from '../tables/token-row.js';
import type { DiscoverRow, SearchHit } from './catalogue-row.js';
import type { TokenVerdict } from './token-verdict.js';

/** A token row as a search hit. */
export function searchHitOf(t: TokenRow, verdict: TokenVerdict | null): SearchHit {
  return {
    mint: t.mint,
    symbol: t.symbol,
    name: t.name,
    analyzed_at: isoTime(t.analyzed_at),
    mcap_at_analysis: t.mcap_at_analysis_usd,
    platform: t.platform,
    holders: t.holders,
    insiders: t.insiders_n,
    snipers: t.snipers_n,
    skipped: t.skipped,
    rug_risk: verdict,
  };
}

/** A token row as a discover row. */
export function discoverRowOf(t: TokenRow, verdict: TokenVerdict | null): DiscoverRow {
  return {
    ...searchHitOf(t, verdict),
    liquidity_at_analysis: t.liquidity_at_analysis_usd,
    top10_pct: t.top10_pct,
    insiders_pct: t.insiders_pct,
    snipers_pct: t.snipers_pct,
  };
}
