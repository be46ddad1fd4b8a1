import { type Covered, found, noRecord } from '../catalogue/covered.js';
import { findToken } from '../catalogue/find-token.js';
import type { IdentityIndex } from '../identity/identity-index.js';
import { appendOnlyRowsOf } from '../store/append-only-rows-of.js';
import type { Queryable } from '../store/queryable.js';
import type { EdgeRow } from '../tables/edge-row.js';
import type { KnownWalletRow } from '../tables/known-wallet-row.js';
import { type BuildGraphOptions, buildGraphRecord } from './build-graph-record.js';
import type { GraphHolder } from './graph-holder.js';
import type { GraphRecord } from './graph-record.js';

const HOLDER_COLUMNS =
  'wallet, rank, supply_pct, is_creator, is_bundle, is_insider, is_sniper, is_fresh, is_early, is_kol, is_whale, is_notable, is_wash';
const EDGE_COLUMNS = 'mint, wallet_a, wallet_b, kind, strength, confidence, evidence';

export const GRAPH_HOLDERS_SQL = `SELECT ${HOLDER_COLUMNS} FROM holders WHERE mint = $mint`;
export const GRAPH_EDGES_SQL = `SELECT ${EDGE_COLUMNS} FROM edges WHERE mint = $mint`;
/** The identity index's copies, ordered by mint so only the token's row group is read. */
export const INDEXED_GRAPH_HOLDERS_SQL = `SELECT ${HOLDER_COLUMNS} FROM ix_holder_history WHERE mint = $mint`;
export const INDEXED_GRAPH_EDGES_SQL = `SELECT ${EDGE_COLUMNS} FROM ix_token_edges WHERE mint = $mint`;

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Louvain's partition depends on the order nodes and ties are added, so both paths hand them over
 * in one total order (sorted here: an `ORDER BY` in DuckDB cost more than the query).
 */
function inOrder(holders: GraphHolder[], edges: EdgeRow[]): { holders: GraphHolder[]; edges: EdgeRow[] } {
  holders.sort((a, b) => cmp(a.wallet, b.wallet));
  edges.sort(
    (a, b) =>
      cmp(a.wallet_a, b.wallet_a) ||
      cmp(a.wallet_b, b.wallet_b) ||
      cmp(a.kind, b.kind) ||
      a.strength - b.strength ||
      a.confidence - b.confidence ||
      cmp(a.evidence, b.evidence),
  );
  return { holders, edges };
}

export interface GraphTokenOptions extends BuildGraphOptions {
  /** `DatasetStore.identityIndex` (or `prepareIdentityIndex` on a memory store): read the token's holders and edges from it; a token it lacks uses the base tables. */
  readonly index?: IdentityIndex;
}

async function readGraph(
  db: Queryable,
  mint: string,
  holdersSql: string,
  edgesSql: string,
): Promise<{ holders: GraphHolder[]; edges: EdgeRow[] }> {
  const [holders, edges] = await Promise.all([
    db.all<GraphHolder>(holdersSql, { mint }),
    db.all<EdgeRow>(edgesSql, { mint }),
  ]);
  return inOrder(holders, edges);
}

/** The wallet graph of `mint` (ties recorded up to its analysis) as of `asOf` (epoch ms). */
export async function graphToken(
  db: Queryable,
  mint: string,
  asOf: number,
  options: GraphTokenOptions = {},
): Promise<Covered<GraphRecord>> {
  const [token, indexed, knownWallets] = await Promise.all([
    findToken(db, mint, asOf),
    options.index === undefined
      ? null
      : readGraph(db, mint, INDEXED_GRAPH_HOLDERS_SQL, INDEXED_GRAPH_EDGES_SQL),
    appendOnlyRowsOf<KnownWalletRow>(db, 'known_wallets', 'address, name, kind'),
  ]);
  if (token === null)
    return noRecord(mint, 'the token was not analysed at migration by this index as of the request');
  const { holders, edges } =
    indexed !== null && indexed.holders.length > 0
      ? indexed
      : await readGraph(db, mint, GRAPH_HOLDERS_SQL, GRAPH_EDGES_SQL);
  const wallets = new Set(holders.map((h) => h.wallet));
  for (const e of edges) wallets.add(e.wallet_a).add(e.wallet_b);
  const known = knownWallets.filter((k) => wallets.has(k.address));
  return found(buildGraphRecord(mint, holders, edges, known, options));
}
