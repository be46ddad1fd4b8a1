import { type Covered, found, noRecord } from '../catalogue/covered.js';
import { findToken } from '../catalogue/find-token.js';
import type { Queryable } from '../store/queryable.js';
import type { HolderRow } from '../tables/holder-row.js';
import type { KolRow } from '../tables/kol-row.js';
import { buildInspectRecord } from './build-inspect-record.js';
import type { InspectRecord } from './inspect-record.js';

export const INSPECT_HOLDERS_SQL = 'SELECT * FROM holders WHERE mint = $mint';
export const INSPECT_KOLS_SQL =
  'SELECT k.* FROM kols k WHERE k.wallet IN (SELECT wallet FROM holders WHERE mint = $mint)';

/** The inspect record of `mint` as of `asOf` (epoch ms); no record when it was not analysed by then. */
export async function inspectToken(
  db: Queryable,
  mint: string,
  asOf: number,
): Promise<Covered<InspectRecord>> {
  const [token, holders, kols] = await Promise.all([
    findToken(db, mint, asOf),
    db.all<HolderRow>(INSPECT_HOLDERS_SQL, { mint }),
    db.all<KolRow>(INSPECT_KOLS_SQL, { mint }),
  ]);
  if (token === null)
    return noRecord(mint, 'the token was not analysed at migration by this index as of the request');
  return found(buildInspectRecord(token, holders, kols));
}
