import { appendOnlyRowsOf } from '../store/append-only-rows-of.js';
import type { Queryable } from '../store/queryable.js';
import type { KolRow } from '../tables/kol-row.js';
import type { KolLedger } from './kol-ledger.js';

const settledByRows = new WeakMap<readonly object[], ReadonlyMap<string, number>>();

export const KOL_LEDGER_COUNTS_SQL = `SELECT (SELECT count(*) FROM kols)::BIGINT AS kols,
  (SELECT count(*) FROM kol_trades)::BIGINT AS trades, (SELECT count(*) FROM outcomes)::BIGINT AS outcomes`;

/** The KOL ledger of the store, read once and topped up with rows appended since (one counts query per call). */
export async function kolLedgerOf(db: Queryable): Promise<KolLedger> {
  const [n] = await db.all<{ kols: number; trades: number; outcomes: number }>(KOL_LEDGER_COUNTS_SQL);
  const [kols, trades, outcomes] = await Promise.all([
    appendOnlyRowsOf<KolRow>(db, 'kols', 'wallet, name, handle, verified, followers', n.kols),
    appendOnlyRowsOf<KolLedger['trades'][number]>(
      db,
      'kol_trades',
      'wallet, mint, "at", sol, realized_sol',
      n.trades,
    ),
    appendOnlyRowsOf<{ mint: string; settled_at: number }>(db, 'outcomes', 'mint, settled_at', n.outcomes),
  ]);
  let settled = settledByRows.get(outcomes);
  if (settled === undefined) {
    settled = new Map(outcomes.map((o) => [o.mint, o.settled_at]));
    settledByRows.set(outcomes, settled);
  }
  return { kols, trades, settled_at: settled };
}
