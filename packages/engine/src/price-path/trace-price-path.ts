import { type Covered, found, noRecord } from '../catalogue/covered.js';
import { findToken } from '../catalogue/find-token.js';
import { timeParam } from '../catalogue/time-param.js';
import { isoTime } from '../says/iso-time.js';
import { pctText } from '../says/pct-text.js';
import { usdText } from '../says/usd-text.js';
import type { Queryable } from '../store/queryable.js';
import type { PathRow } from '../tables/path-row.js';
import type { TickRow } from '../tables/tick-row.js';
import type { PricePath, PricePathRecord } from './price-path-record.js';
import { summarizePathRow } from './summarize-path-row.js';
import { summarizeTicks } from './summarize-ticks.js';

export const PRICE_TICKS_SQL = `SELECT * FROM ticks t WHERE t.mint = $mint AND t."at" <= ${timeParam('ticks', 'at', 'as_of')} ORDER BY t."at"`;
export const PRICE_PATH_SQL = 'SELECT * FROM paths WHERE mint = $mint';

export interface TracePricePathOptions {
  /** Tick resolution of the dataset (`manifest.ticks_retention.resolution_s`). */
  readonly resolutionS?: number;
}

/**
 * The post-analysis price path of `mint` as of `asOf` (epoch ms): from the ticks held up to
 * as_of, else from the path summary when its last tick is at or before as_of (a summary that
 * runs past as_of would leak later prices, so it is not used).
 */
export async function tracePricePath(
  db: Queryable,
  mint: string,
  asOf: number,
  options: TracePricePathOptions = {},
): Promise<Covered<PricePathRecord>> {
  const resolution = options.resolutionS ?? 5;
  const [token, ticks, paths] = await Promise.all([
    findToken(db, mint, asOf),
    db.all<TickRow>(PRICE_TICKS_SQL, { mint, as_of: asOf }),
    db.all<PathRow>(PRICE_PATH_SQL, { mint }),
  ]);
  if (token === null)
    return noRecord(mint, 'the token was not analysed at migration by this index as of the request');
  const since = `The feed starts at the analysis (migration) moment, ${isoTime(token.analyzed_at)}; there is no bonding-curve phase.`;
  let path: PricePath | null = summarizeTicks(token, ticks, resolution);
  let note: string;
  if (path !== null) {
    note = `${since} Full-resolution ${resolution}-second ticks up to ${path.last_tick_at}.`;
  } else {
    const row = paths[0];
    if (row !== undefined && row.tick_count > 0 && row.last_tick_at !== null && row.last_tick_at <= asOf) {
      path = summarizePathRow(token, row, resolution);
      note = `${since} Full-resolution ticks are no longer kept for this launch; values come from its path summary.`;
    } else if (row !== undefined && row.tick_count > 0) {
      note = `${since} No tick is held up to the requested moment.`;
    } else {
      note = `${since} No pool trade was recorded after analysis.`;
    }
  }
  const name = token.symbol ?? token.mint;
  const says =
    path === null
      ? `No post-migration price feed is held for ${name}.`
      : `${name} was ${usdText(path.mcap_latest_usd)} at ${path.last_tick_at}, ${pctText(path.change_since_analysis_pct)} against ` +
        `${usdText(path.mcap_at_analysis_usd)} at analysis and ${pctText(path.drawdown_from_peak_pct)} from its ${usdText(path.mcap_peak_usd)} peak.`;
  return found({ mint, path, coverage_note: note, says });
}
