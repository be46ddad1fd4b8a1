import { type Covered, found, noRecord } from '../catalogue/covered.js';
import { findToken } from '../catalogue/find-token.js';
import type { TiedLaunchRow } from '../identity/build-tied-launches-sql.js';
import { findTiedLaunches } from '../identity/identify-token.js';
import { type IdentityIndex, indexIsCurrent } from '../identity/identity-index.js';
import { countText } from '../says/count-text.js';
import { isoTime } from '../says/iso-time.js';
import { pctText } from '../says/pct-text.js';
import type { Queryable } from '../store/queryable.js';
import { type TokenWeb, WEB_LAUNCHES_CAP } from './token-web.js';

export interface MapTokenWebOptions {
  readonly cap?: number;
  /** `DatasetStore.identityIndex` (or `prepareIdentityIndex` on a memory store): used while current (launches appended since are not in it). */
  readonly index?: IdentityIndex;
}

/**
 * Launches tied to `mint` through its creator or a shared insider wallet, before and after it,
 * as of `asOf` (epoch ms), each with its outcome and recorded peak.
 */
export async function mapTokenWeb(
  db: Queryable,
  mint: string,
  asOf: number,
  options: MapTokenWebOptions = {},
): Promise<Covered<TokenWeb>> {
  const cap = options.cap ?? WEB_LAUNCHES_CAP;
  const token = await findToken(db, mint, asOf);
  if (token === null) {
    return noRecord(mint, 'the token was not analysed at migration by this index as of the request');
  }
  const current = options.index !== undefined && (await indexIsCurrent(db, options.index));
  const rows = await findTiedLaunches(db, mint, token.creator, asOf, current ? options.index : undefined);
  const relation = (r: TiedLaunchRow) => (r.analyzed_at < token.analyzed_at ? 'earlier' : 'later');
  const settled = rows.filter((r) => r.rugged !== null);
  const rugged = settled.filter((r) => r.rugged).length;
  const rugPct = settled.length > 0 ? (100 * rugged) / settled.length : null;
  const earlier = rows.filter((r) => relation(r) === 'earlier').length;
  const says =
    rows.length === 0
      ? `${token.symbol ?? mint} shares its creator or an insider wallet with no other launch.`
      : `${token.symbol ?? mint} is tied to ${countText(rows.length, 'launch', 'launches')} (${earlier} earlier, ` +
        `${rows.length - earlier} later) by its creator or insider wallets; ${rugged} of ${settled.length} settled ones rugged (${pctText(rugPct)}).`;
  return found({
    mint,
    launches: rows.slice(0, cap).map((r) => ({
      mint: r.mint,
      symbol: r.symbol,
      analyzed_at: isoTime(r.analyzed_at),
      relation: relation(r),
      same_creator: r.same_creator,
      shared_wallets: r.shared_wallets,
      shared_insiders: r.shared_insiders,
      rugged: r.rugged,
      peak_mcap_usd: r.peak_mcap_usd,
      peak_gain_pct: r.peak_gain_pct,
    })),
    launches_total: rows.length,
    earlier,
    later: rows.length - earlier,
    outcomes: { settled: settled.length, rugged, rug_pct: rugPct },
    launches_cap: cap,
    says,
  });
}
