import { type Covered, found, noRecord } from '../catalogue/covered.js';
import { findToken } from '../catalogue/find-token.js';
import type { Queryable } from '../store/queryable.js';
import type { EdgeRow } from '../tables/edge-row.js';
import type { HolderRow } from '../tables/holder-row.js';
import type { KnownWalletRow } from '../tables/known-wallet-row.js';
import { type BuildGraphOptions, buildGraphRecord } from './build-graph-record.js';
import type { GraphRecord } from './graph-record.js';

export const GRAPH_HOLDERS_SQL = 'SELECT * FROM holders WHERE mint = $mint';
export const GRAPH_EDGES_SQL = 'SELECT * FROM edges WHERE mint = $mint';
export const GRAPH_KNOWN_SQL = `SELECT k.* FROM known_wallets k
WHERE k.address IN (SELECT wallet_a FROM edges WHERE mint = $mint UNION SELECT wallet_b FROM edges WHERE mint = $mint
  UNION SELECT wallet FROM holders WHERE mint = $mint)`;

/** The wallet graph of `mint` (ties recorded up to its analysis) as of `asOf` (epoch ms). */
export async function graphToken(
  db: Queryable,
  mint: string,
  asOf: number,
  options: BuildGraphOptions = {},
): Promise<Covered<GraphRecord>> {
  const [token, holders, edges, known] = await Promise.all([
    findToken(db, mint, asOf),
    db.all<HolderRow>(GRAPH_HOLDERS_SQL, { mint }),
    db.all<EdgeRow>(GRAPH_EDGES_SQL, { mint }),
    db.all<KnownWalletRow>(GRAPH_KNOWN_SQL, { mint }),
  ]);
  if (token === null)
    return noRecord(mint, 'the token was not analysed at migration by this index as of the request');
  return found(buildGraphRecord(mint, holders, edges, known, options));
}
