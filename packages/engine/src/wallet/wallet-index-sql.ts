/** A wallet's holder rows with what its record reads of each launch (`WALLET_INDEX_SQL`). */
export const WALLET_LAUNCHES_TABLE = 'ix_wallet_launches';

/** A wallet's positions with its token's analysis time (`WALLET_INDEX_SQL`). */
export const WALLET_POSITIONS_TABLE = 'ix_wallet_positions';

/** First fundings by funder (`WALLET_INDEX_SQL`). */
export const FUNDED_WALLETS_TABLE = 'ix_funded_wallets';

/** Each edge from both of its ends, by wallet (`WALLET_INDEX_SQL`). */
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

/**
 * Wallet-ordered tables of the serving store. `holders` and `positions` are kept in mint order
 * (a token's rows in one row group), so "the rows of one wallet" scanned every row of them
 * (240k launches: 29 M holder rows, ≈ 3 s a wallet record); these copies are sorted by wallet,
 * so zone maps skip all but the wallet's segments:
 * - `ix_wallet_launches`: each holder row with its token's symbol and analysis time (a token row
 *   never changes) and its outcome's `settled_at` and `rugged`, as the base holds them (null when
 *   the base has no such row: a token or outcome appended later is read from the delta);
 * - `ix_wallet_positions`: each position with its token's analysis time (likewise);
 * - `ix_funded_wallets`: `funders` by funder (the table itself is by wallet);
 * - `ix_wallet_edges`: each edge twice, from `wallet_a` (`outward`) and from `wallet_b`, with its
 *   token's analysis time (`edges` is by mint).
 */
export const WALLET_INDEX_SQL: readonly string[] = [
  `CREATE TABLE ${WALLET_LAUNCHES_TABLE} AS
SELECT ${WALLET_HOLDER_COLUMNS.map((c) => `h.${c}`).join(', ')}, t.symbol, t.analyzed_at, o.settled_at, o.rugged
FROM holders h LEFT JOIN tokens t ON t.mint = h.mint LEFT JOIN outcomes o ON o.mint = h.mint
ORDER BY h.wallet, t.analyzed_at DESC, h.mint`,
  `CREATE TABLE ${WALLET_POSITIONS_TABLE} AS
SELECT p.wallet, p.mint, p.realized_sol, p.last_at, t.analyzed_at
FROM positions p LEFT JOIN tokens t ON t.mint = p.mint
ORDER BY p.wallet, p.mint`,
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
