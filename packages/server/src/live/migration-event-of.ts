import type { TokenRow } from '@launchlens/engine';
import type { ShortVerdict } from '../risk/verdicts-of.js';
import type { MigrationEventData } from '../streams/stream-payloads.js';

/** A newly analysed token as a `migration` event: the row `GET /v1/discover` gives for it. */
export function migrationEventOf(t: TokenRow, verdict: ShortVerdict | null): MigrationEventData {
  return {
    mint: t.mint,
    symbol: t.symbol,
    name: t.name,
    analyzed_at: new Date(t.analyzed_at).toISOString(),
    mcap_at_analysis: t.mcap_at_analysis_usd,
    platform: t.platform,
    holders: t.holders,
    insiders: t.insiders_n,
    snipers: t.snipers_n,
    skipped: t.skipped,
    rug_risk: verdict,
    liquidity_at_analysis: t.liquidity_at_analysis_usd,
    top10_pct: t.top10_pct,
    insiders_pct: t.insiders_pct,
    snipers_pct: t.snipers_pct,
  };
}
