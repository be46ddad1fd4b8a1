import { ADDRESS_LOOKUP, idsView, MINT_LOOKUP } from '../store/load-addresses-sql.js';

/** A wallet's holder rows with what its record reads of each launch (`walletIndexSql`). */
export const WALLET_LAUNCHES_TABLE = 'ix_wallet_launches';

/** A wallet's positions with its token's analysis time: in a serving store, a view of its `positions`. */
export const WALLET_POSITIONS_TABLE = 'ix_wallet_positions';

/** The columns of `WALLET_POSITIONS_TABLE`. */
export const WALLET_POSITION_COLUMNS = ['wallet', 'mint', 'realized_sol', 'last_at', 'analyzed_at'] as const;

/** First fundings by funder (`walletIndexSql`). */
export const FUNDED_WALLETS_TABLE = 'ix_funded_wallets';

/** Each edge from both of its ends, by wallet (`walletIndexSql`). */
export const WALLET_EDGES_TABLE = 'ix_wallet_edges';

/** The `holders` columns a wallet's record reads. */
export const WALLET_HOLDER_COLUMNS = [
  'mint',
  'wallet',
  'rank',
  'supply_pct',
  'is_creator',
  'is_sniper',
  'is_insider',
  'is_bundle',
  'is_early',
  'is_fresh',
  'is_whale',
  'is_notable',
  'is_kol',
  'is_wash',
] as const;

/** Each launch's token and outcome facts by the Parquet mint id, for `walletIndexSql`. */
const MINT_FACTS = '__mint_facts';

/**
 * Wallet-ordered tables of the serving store, built from the Parquet files' ids (`idsView`, with
 * `ADDRESS_LOOKUP` and `mints`, the lookup covering every holder mint). `holders` is kept in mint
 * order (a token's rows in one row group), so "the rows of one wallet" scanned every row of it
 * (240k launches: 29 M holder rows, ≈ 3 s a wallet record); these are sorted by wallet, so zone
 * maps skip all but the wallet's segments (and `positions` itself is, `SERVED_FROM_IDS`):
 * - `ix_wallet_launches`: each holder row with its token's symbol and analysis time (a token row
 *   never changes) and its outcome's `settled_at` and `rugged`, as the base holds them (null when
 *   the base has no such row: a token or outcome appended later is read from the delta), sorted by
 *   the ids (address order), the strings joined from them;
 * - `ix_funded_wallets`: `funders` by funder (the table itself is by wallet);
 * - `ix_wallet_edges`: each edge twice, from `wallet_a` (`outward`) and from `wallet_b`, with its
 *   token's analysis time (`edges` is by mint).
 */
export function walletIndexSql(mints: string): readonly string[] {
  const holderColumns = WALLET_HOLDER_COLUMNS.map((c) =>
    c === 'mint' ? 'm.address AS mint' : c === 'wallet' ? 'w.address AS wallet' : `h.${c}`,
  ).join(', ');
  return [
    `CREATE TEMP TABLE ${MINT_FACTS} AS
SELECT m.id AS mid, t.symbol, t.analyzed_at, o.settled_at, o.rugged
FROM tokens t JOIN ${MINT_LOOKUP} m ON m.address = t.mint LEFT JOIN outcomes o ON o.mint = t.mint`,
    `CREATE TABLE ${WALLET_LAUNCHES_TABLE} AS
SELECT ${holderColumns}, f.symbol, f.analyzed_at, f.settled_at, f.rugged
FROM ${idsView('holders')} h
JOIN ${ADDRESS_LOOKUP} w ON w.id = h.wallet
LEFT JOIN ${mints} m ON m.id = h.mint
LEFT JOIN ${MINT_FACTS} f ON f.mid = h.mint
ORDER BY h.wallet, f.analyzed_at DESC, h.mint`,
    `DROP TABLE ${MINT_FACTS}`,
    `CREATE TABLE ${FUNDED_WALLETS_TABLE} AS
SELECT funder, wallet, funded_at FROM funders ORDER BY funder, funded_at, wallet`,
    `CREATE TABLE ${WALLET_EDGES_TABLE} AS
SELECT e.x, e.y, e.kind, e.kind <> 'co_buy' AS flow, e.outward, e.strength, e.mint, t.analyzed_at
FROM (
  SELECT wallet_a AS x, wallet_b AS y, kind, true AS outward, strength, mint FROM edges
  UNION ALL SELECT wallet_b, wallet_a, kind, false, strength, mint FROM edges
) e LEFT JOIN tokens t ON t.mint = e.mint
ORDER BY e.x, e.y, e.mint`,
  ];
}
