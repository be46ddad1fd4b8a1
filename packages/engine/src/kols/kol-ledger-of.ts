import { appendOnlyRowsOf } from '../store/append-only-rows-of.js';
import type { Queryable } from '../store/queryable.js';
import { rowCountsSql } from '../store/row-counts-sql.js';
import { servedLayoutOf } from '../store/served-layout.js';
import type { KolRow } from '../tables/kol-row.js';
import type { KolLedger, KolTokenTrades } from './kol-ledger.js';

interface TradeRow {
  wallet: string;
  mint: string;
  at: number;
  sol: number;
  realized_sol: number;
}

const settledByRows = new WeakMap<readonly object[], ReadonlyMap<string, number>>();
const groupedByRows = new WeakMap<readonly object[], KolLedger['trades']>();

/** Trades per wallet, then per token in order of first trade, each token's trades in recorded order. */
function groupTrades(rows: readonly TradeRow[]): KolLedger['trades'] {
  const byWallet = new Map<
    string,
    Map<string, KolTokenTrades & { at: number[]; sol: number[]; realized_sol: number[] }>
  >();
  for (const t of rows) {
    let tokens = byWallet.get(t.wallet);
    if (tokens === undefined) {
      tokens = new Map();
      byWallet.set(t.wallet, tokens);
    }
    let token = tokens.get(t.mint);
    if (token === undefined) {
      token = { mint: t.mint, at: [], sol: [], realized_sol: [] };
      tokens.set(t.mint, token);
    }
    token.at.push(t.at);
    token.sol.push(t.sol);
    token.realized_sol.push(t.realized_sol);
  }
  return new Map([...byWallet].map(([wallet, tokens]) => [wallet, [...tokens.values()]]));
}

/** The tables the KOL ledger is read from, counted on every call to see rows appended since. */
export const KOL_LEDGER_TABLES = ['kols', 'kol_trades', 'outcomes'] as const;

/** The KOL ledger of the store, read once and topped up with rows appended since (one counts query per call). */
export async function kolLedgerOf(db: Queryable): Promise<KolLedger> {
  const { served } = await servedLayoutOf(db);
  const [n] = await db.all<Record<(typeof KOL_LEDGER_TABLES)[number], number>>(
    rowCountsSql(KOL_LEDGER_TABLES, served),
  );
  const [kols, trades, outcomes] = await Promise.all([
    appendOnlyRowsOf<KolRow>(db, 'kols', 'wallet, name, handle, verified, followers', n.kols),
    appendOnlyRowsOf<TradeRow>(db, 'kol_trades', 'wallet, mint, "at", sol, realized_sol', n.kol_trades),
    appendOnlyRowsOf<{ mint: string; settled_at: number }>(db, 'outcomes', 'mint, settled_at', n.outcomes),
  ]);
  let settled = settledByRows.get(outcomes);
  if (settled === undefined) {
    settled = new Map(outcomes.map((o) => [o.mint, o.settled_at]));
    settledByRows.set(outcomes, settled);
  }
  let grouped = groupedByRows.get(trades);
  if (grouped === undefined) {
    grouped = groupTrades(trades);
    groupedByRows.set(trades, grouped);
  }
  return { kols, trades: grouped, settled_at: settled };
}
