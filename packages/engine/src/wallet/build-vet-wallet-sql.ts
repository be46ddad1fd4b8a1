import { timestampParam } from '../catalogue/time-param.js';
import { rowsOfMintsSql } from '../store/rows-of-mints-sql.js';
import { DELTA } from '../store/serving-store-sql.js';
import {
  FUNDED_WALLETS_TABLE,
  WALLET_HOLDER_COLUMNS,
  WALLET_LAUNCHES_TABLE,
  WALLET_POSITIONS_TABLE,
} from './wallet-index-sql.js';

/** The three queries of a wallet's record; each takes `$address` and `$as_of` (epoch ms). */
export interface VetWalletSql {
  /** The wallet's launches analysed by `as_of`, newest first, with symbol, outcome and position. */
  readonly launches: string;
  /** Positions closed by `as_of` in launches analysed by then: count, realized SOL, won, lost. */
  readonly positions: string;
  /** Its first funding (`dir` 'in') and the count of wallets it funded first (`dir` 'out'). */
  readonly funding: string;
}

const T = timestampParam('as_of');
/** The mints of the wallet's rows appended to `table` since the base was built. */
const appended = (table: string) => `SELECT mint FROM ${DELTA}.${table} WHERE wallet = $address`;
const holderColumns = (alias: string) => WALLET_HOLDER_COLUMNS.map((c) => `${alias}.${c}`).join(', ');

const POSITION_TOTALS = `count(*)::BIGINT AS positions, coalesce(sum(p.realized_sol), 0) AS realized_sol,
  count(*) FILTER (WHERE p.realized_sol > 0)::BIGINT AS won, count(*) FILTER (WHERE p.realized_sol < 0)::BIGINT AS lost`;

const FIRST_FUNDING = `SELECT 'in' AS dir, f.funder AS other, k.name AS known_name, f.funded_at, f.amount_sol, 1::BIGINT AS n
FROM funders f LEFT JOIN known_wallets k ON k.address = f.funder
WHERE f.wallet = $address AND f.funded_at <= ${T}`;

/**
 * The queries of `vetWallet`. With `wallets` (a served store holding `walletIndexSql`'s tables)
 * they read the wallet's rows of the base's wallet-ordered tables and of the rows appended since
 * (an outcome appended since corrects the base's copy): the same rows as the plain queries over
 * `holders`, `positions` and `funders`, which scan every row of those tables.
 */
export function buildVetWalletSql(options: { readonly wallets: boolean }): VetWalletSql {
  if (!options.wallets) {
    return {
      launches: `SELECT ${holderColumns('h')}, t.symbol, t.analyzed_at, o.rugged, p.realized_sol
FROM holders h
JOIN tokens t ON t.mint = h.mint AND t.analyzed_at <= ${T}
LEFT JOIN outcomes o ON o.mint = h.mint AND o.settled_at <= ${T}
LEFT JOIN positions p ON p.wallet = h.wallet AND p.mint = h.mint AND p.last_at <= ${T}
WHERE h.wallet = $address
ORDER BY t.analyzed_at DESC, h.mint`,
      positions: `SELECT ${POSITION_TOTALS}
FROM positions p JOIN tokens t ON t.mint = p.mint AND t.analyzed_at <= ${T}
WHERE p.wallet = $address AND p.last_at <= ${T}`,
      funding: `${FIRST_FUNDING}
UNION ALL
SELECT 'out', NULL, NULL, NULL, NULL, count(*)::BIGINT FROM funders WHERE funder = $address AND funded_at <= ${T}`,
    };
  }
  const launches = `WITH held AS (
  SELECT ${holderColumns('l')}, coalesce(l.symbol, t.symbol) AS symbol, coalesce(l.analyzed_at, t.analyzed_at) AS analyzed_at,
    coalesce(CASE WHEN l.settled_at <= ${T} THEN l.rugged END, o.rugged) AS rugged
  FROM ${WALLET_LAUNCHES_TABLE} l
  LEFT JOIN ${DELTA}.tokens t ON t.mint = l.mint
  LEFT JOIN ${DELTA}.outcomes o ON o.mint = l.mint AND o.settled_at <= ${T}
  WHERE l.wallet = $address AND coalesce(l.analyzed_at, t.analyzed_at) <= ${T}
  UNION ALL
  SELECT ${holderColumns('h')}, t.symbol, t.analyzed_at, o.rugged
  FROM ${DELTA}.holders h
  JOIN ${rowsOfMintsSql('tokens', 'mint, symbol, analyzed_at', appended('holders'))} t ON t.mint = h.mint AND t.analyzed_at <= ${T}
  LEFT JOIN ${rowsOfMintsSql('outcomes', 'mint, rugged, settled_at', appended('holders'))} o ON o.mint = h.mint AND o.settled_at <= ${T}
  WHERE h.wallet = $address
),
closed AS (
  SELECT mint, realized_sol FROM ${WALLET_POSITIONS_TABLE} WHERE wallet = $address AND last_at <= ${T}
  UNION ALL
  SELECT mint, realized_sol FROM ${DELTA}.positions WHERE wallet = $address AND last_at <= ${T}
)
SELECT l.*, p.realized_sol
FROM held l LEFT JOIN closed p ON p.mint = l.mint
ORDER BY l.analyzed_at DESC, l.mint`;
  const positions = `WITH p AS (
  SELECT l.realized_sol FROM ${WALLET_POSITIONS_TABLE} l LEFT JOIN ${DELTA}.tokens t ON t.mint = l.mint
  WHERE l.wallet = $address AND l.last_at <= ${T} AND coalesce(l.analyzed_at, t.analyzed_at) <= ${T}
  UNION ALL
  SELECT p.realized_sol FROM ${DELTA}.positions p
  JOIN ${rowsOfMintsSql('tokens', 'mint, analyzed_at', appended('positions'))} t ON t.mint = p.mint AND t.analyzed_at <= ${T}
  WHERE p.wallet = $address AND p.last_at <= ${T}
)
SELECT ${POSITION_TOTALS} FROM p`;
  const funding = `${FIRST_FUNDING}
UNION ALL
SELECT 'out', NULL, NULL, NULL, NULL, count(*)::BIGINT FROM (
  SELECT wallet FROM ${FUNDED_WALLETS_TABLE} WHERE funder = $address AND funded_at <= ${T}
  UNION ALL
  SELECT wallet FROM ${DELTA}.funders WHERE funder = $address AND funded_at <= ${T}
)`;
  return { launches, positions, funding };
}
