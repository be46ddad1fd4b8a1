import { appendOnlyRowsOf } from '../store/append-only-rows-of.js';
import type { Queryable } from '../store/queryable.js';
import type { KolRow } from '../tables/kol-row.js';
import type { KolLedger } from './kol-ledger.js';

/** The KOL ledger of the store, read once and topped up with rows appended since (a `count(*)` per table per call). */
export async function kolLedgerOf(db: Queryable): Promise<KolLedger> {
  const [kols, trades, outcomes] = await Promise.all([
    appendOnlyRowsOf<KolRow>(db, 'kols', 'wallet, name, handle, verified, followers'),
    appendOnlyRowsOf<KolLedger['trades'][number]>(db, 'kol_trades', 'wallet, mint, "at", sol, realized_sol'),
    appendOnlyRowsOf<KolLedger['outcomes'][number]>(db, 'outcomes', 'mint, settled_at'),
  ]);
  return { kols, trades, outcomes };
}
