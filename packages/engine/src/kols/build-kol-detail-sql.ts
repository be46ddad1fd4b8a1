import { timeParam, timestampParam } from '../catalogue/time-param.js';
import { rowsOfMintsSql } from '../store/rows-of-mints-sql.js';
import { DELTA } from '../store/serving-store-sql.js';
import { KOL_TRADES_TABLE } from './kol-trades-index-sql.js';

/**
 * The KOL's latest trades by `as_of` with their count. Counts here and in `KOL_TOKENS_SQL` are
 * scalar subqueries over the CTE, not `count(*) OVER ()` (see `pageSql` of `build-search-sql.ts`:
 * DuckDB 1.5.5's window operator failed now and then on a small store).
 */
export const KOL_TRADES_SQL = `WITH trades AS (
  SELECT * FROM kol_trades WHERE wallet = $wallet AND "at" <= ${timeParam('kol_trades', 'at', 'as_of')}
),
page AS (SELECT * FROM trades ORDER BY "at" DESC, id LIMIT $limit)
SELECT k.id, k.mint, t.symbol, k.side, k.sol, k.realized_sol, k.roi_pct, k.entry_mcap_usd, k."at",
  (SELECT count(*) FROM trades) AS total
FROM page k LEFT JOIN tokens t ON t.mint = k.mint
ORDER BY k."at" DESC, k.id`;

/** The KOL's tokens by `as_of`, latest trade first, with their count. */
export const KOL_TOKENS_SQL = `WITH per_token AS (
  SELECT k.mint, any_value(t.symbol) AS symbol,
    count(*) FILTER (WHERE k.side = 'BUY')::BIGINT AS buys, count(*) FILTER (WHERE k.side = 'SELL')::BIGINT AS sells,
    sum(k.sol) AS volume_sol, sum(k.realized_sol) AS realized_sol, min(k."at") AS first_trade_at, max(k."at") AS last_trade_at,
    bool_or(o.mint IS NOT NULL) AS settled
  FROM kol_trades k
  LEFT JOIN tokens t ON t.mint = k.mint
  LEFT JOIN outcomes o ON o.mint = k.mint AND o.settled_at <= ${timestampParam('as_of')}
  WHERE k.wallet = $wallet AND k."at" <= ${timeParam('kol_trades', 'at', 'as_of')}
  GROUP BY k.mint
)
SELECT *, (SELECT count(*) FROM per_token) AS total FROM per_token
ORDER BY last_trade_at DESC, mint LIMIT $limit`;

const T = timestampParam('as_of');
const AT = timeParam('kol_trades', 'at', 'as_of');
const TRADE_COLUMNS = ['id', 'mint', 'side', 'sol', 'realized_sol', 'roi_pct', 'entry_mcap_usd', '"at"'];
/** The mints of the KOL's trades appended since the base was built. */
const APPENDED = `SELECT mint FROM ${DELTA}.kol_trades WHERE wallet = $wallet`;
const tradeColumns = (alias: string) => TRADE_COLUMNS.map((c) => `${alias}.${c}`).join(', ');

/**
 * The KOL's trades by `as_of`, each with its symbol and whether its token's outcome settled by
 * then: the KOL's rows of `KOL_TRADES_TABLE` (what the base lacks read from the delta's tokens and
 * outcomes) and the trades appended since (joined to every token and outcome).
 */
export const KOL_TRADES_CTE = `trades AS (
  SELECT ${tradeColumns('l')}, coalesce(l.symbol, t.symbol) AS symbol,
    coalesce(l.settled_at <= ${T}, false) OR o.mint IS NOT NULL AS settled
  FROM ${KOL_TRADES_TABLE} l
  LEFT JOIN ${DELTA}.tokens t ON t.mint = l.mint
  LEFT JOIN ${DELTA}.outcomes o ON o.mint = l.mint AND o.settled_at <= ${T}
  WHERE l.wallet = $wallet AND l."at" <= ${AT}
  UNION ALL
  SELECT ${tradeColumns('k')}, t.symbol, o.mint IS NOT NULL
  FROM ${DELTA}.kol_trades k
  LEFT JOIN ${rowsOfMintsSql('tokens', 'mint, symbol', APPENDED)} t ON t.mint = k.mint
  LEFT JOIN ${rowsOfMintsSql('outcomes', 'mint, settled_at', APPENDED)} o ON o.mint = k.mint AND o.settled_at <= ${T}
  WHERE k.wallet = $wallet AND k."at" <= ${AT}
)`;

/**
 * The trades page and the tokens page of `describeKol` (`$wallet`, `$as_of`, `$limit`). With
 * `kolTrades` (a served store holding `KOL_TRADES_TABLE`) they read the KOL's range of it and the
 * trades appended since: the same rows as `KOL_TRADES_SQL` and `KOL_TOKENS_SQL`, which scan every
 * trade and join every token and outcome.
 */
export function buildKolDetailSql(options: { readonly kolTrades: boolean }): {
  readonly trades: string;
  readonly tokens: string;
} {
  if (!options.kolTrades) return { trades: KOL_TRADES_SQL, tokens: KOL_TOKENS_SQL };
  return {
    trades: `WITH ${KOL_TRADES_CTE}
SELECT id, mint, symbol, side, sol, realized_sol, roi_pct, entry_mcap_usd, "at", (SELECT count(*) FROM trades) AS total
FROM trades
ORDER BY "at" DESC, id LIMIT $limit`,
    tokens: `WITH ${KOL_TRADES_CTE},
per_token AS (
  SELECT mint, any_value(symbol) AS symbol,
    count(*) FILTER (WHERE side = 'BUY')::BIGINT AS buys, count(*) FILTER (WHERE side = 'SELL')::BIGINT AS sells,
    sum(sol) AS volume_sol, sum(realized_sol) AS realized_sol, min("at") AS first_trade_at, max("at") AS last_trade_at,
    bool_or(settled) AS settled
  FROM trades GROUP BY mint
)
SELECT *, (SELECT count(*) FROM per_token) AS total FROM per_token
ORDER BY last_trade_at DESC, mint LIMIT $limit`,
  };
}
