import { type Covered, found, noRecord } from '../catalogue/covered.js';
import { findToken } from '../catalogue/find-token.js';
import type { IdentityIndex } from '../identity/identity-index.js';
import type { Queryable } from '../store/queryable.js';
import type { EdgeRow } from '../tables/edge-row.js';
import type { KnownWalletRow } from '../tables/known-wallet-row.js';
import { type BuildGraphOptions, buildGraphRecord } from './build-graph-record.js';
import type { GraphHolder } from './graph-holder.js';
import type { GraphRecord } from './graph-record.js';

const HOLDER_COLUMNS =
  'wallet, rank, supply_pct, is_creator, is_bundle, is_insider, is_sniper, is_fresh, is_early, is_kol, is_whale, is_notable, is_wash';
// Louvain's result depends on the order nodes and ties are added: both paths read them in one order.
const EDGE_ORDER = 'ORDER BY wallet_a, wallet_b, kind, strength, confidence, evidence';

export const GRAPH_HOLDERS_SQL = `SELECT ${HOLDER_COLUMNS} FROM holders WHERE mint = $mint ORDER BY wallet`;
export const GRAPH_EDGES_SQL = `SELECT * FROM edges WHERE mint = $mint ${EDGE_ORDER}`;
/** The identity index's copies, ordered by mint so only the token's row group is read. */
export const INDEXED_GRAPH_HOLDERS_SQL = `SELECT ${HOLDER_COLUMNS} FROM ix_holder_history WHERE mint = $mint ORDER BY wallet`;
export const INDEXED_GRAPH_EDGES_SQL = `SELECT * FROM ix_token_edges WHERE mint = $mint ${EDGE_ORDER}`;
/** The known wallets among `$wallets` (a scan of 200-odd rows, not of the token's tables again). */
export const GRAPH_KNOWN_SQL = 'SELECT * FROM known_wallets WHERE address IN (SELECT unnest($wallets))';

export interface GraphTokenOptions extends BuildGraphOptions {
  /** From `prepareIdentityIndex`: read the token's holders and edges from it; a token it lacks uses the base tables. */
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
  return { holders, edges };
}

/** The wallet graph of `mint` (ties recorded up to its analysis) as of `asOf` (epoch ms). */
export async function graphToken(
  db: Queryable,
  mint: string,
  asOf: number,
  options: GraphTokenOptions = {},
): Promise<Covered<GraphRecord>> {
  const [token, indexed] = await Promise.all([
    findToken(db, mint, asOf),
    options.index === undefined
      ? null
      : readGraph(db, mint, INDEXED_GRAPH_HOLDERS_SQL, INDEXED_GRAPH_EDGES_SQL),
  ]);
  if (token === null)
    return noRecord(mint, 'the token was not analysed at migration by this index as of the request');
  const { holders, edges } =
    indexed !== null && indexed.holders.length > 0
      ? indexed
      : await readGraph(db, mint, GRAPH_HOLDERS_SQL, GRAPH_EDGES_SQL);
  const wallets = new Set(holders.map((h) => h.wallet));
  for (const e of edges) wallets.add(e.wallet_a).add(e.wallet_b);
  const known =
    wallets.size === 0 ? [] : await db.all<KnownWalletRow>(GRAPH_KNOWN_SQL, { wallets: [...wallets] });
  return found(buildGraphRecord(mint, holders, edges, known, options));
}
