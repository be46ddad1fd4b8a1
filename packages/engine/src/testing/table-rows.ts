import type { DatasetStore } from '../store/dataset-store.js';
import { openMemoryStore } from '../store/open-memory-store.js';
import type { Queryable } from '../store/queryable.js';
import type { TableRows } from '../store/table-rows.js';
import type { EdgeRow } from '../tables/edge-row.js';
import type { HolderRow } from '../tables/holder-row.js';
import type { KolTradeRow } from '../tables/kol-trade-row.js';
import type { OutcomeRow } from '../tables/outcome-row.js';
import type { PositionRow } from '../tables/position-row.js';
import type { TokenRow } from '../tables/token-row.js';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** 2025-01-01T00:00:00Z: the hand-built datasets start here. */
export const T0 = Date.UTC(2025, 0, 1);

/**
 * The one complete `tokens` row of the tests: neutral values (no snipers, insiders or bundles,
 * authorities revoked, LP burned), a creator and a pool of its own per mint, `analyzed_at` T0
 * unless given and `created_at` one minute before it; the fields a test sets win.
 */
export function tokenRow(o: Partial<TokenRow> & Pick<TokenRow, 'mint'>): TokenRow {
  const mint = o.mint;
  const analyzedAt = o.analyzed_at ?? T0;
  return {
    platform: 'pumpfun',
    name: `Token ${mint}`,
    symbol: mint.slice(0, 4).toUpperCase(),
    creator: `creator-${mint}`,
    created_at: analyzedAt - 60_000,
    created_slot: 1000,
    analyzed_slot: 1150,
    pool: `pool-${mint}`,
    mcap_at_analysis_usd: 60_000,
    price_at_analysis_usd: 0.00006,
    liquidity_at_analysis_usd: 25_000,
    sol_usd_at_analysis: 150,
    holders: 12,
    top1_pct: 5,
    top10_pct: 30,
    snipers_n: 0,
    snipers_pct: 0,
    block0_snipers_n: 0,
    insiders_n: 0,
    insiders_pct: 0,
    bundle_n: 0,
    bundled_pct: 0,
    fresh_n: 0,
    fresh_pct: 0,
    early_n: 0,
    early_pct: 0,
    groups_n: 0,
    groups_pct: 0,
    whales_n: 0,
    kols_n: 0,
    dev_pct: 0,
    dev_sold: false,
    mint_authority: 'revoked',
    freeze_authority: 'revoked',
    lp_state: 'burned',
    tx_analyzed: 400,
    fee_cost_sol: 0.5,
    scalp_score: 10,
    wash_share: 0.02,
    skipped: false,
    skip_reason: null,
    ...o,
    analyzed_at: analyzedAt,
  };
}

/** A holder row: a plain trader that holds `supply_pct` at migration (rank null when 0). */
export function holderRow(o: Partial<HolderRow> & Pick<HolderRow, 'mint' | 'wallet'>): HolderRow {
  const supply = o.supply_pct ?? 1;
  return {
    rank: supply > 0 ? 1 : null,
    supply_pct: supply,
    sol_balance: 5,
    is_creator: false,
    is_sniper: false,
    is_insider: false,
    is_bundle: false,
    is_early: false,
    is_fresh: false,
    is_whale: false,
    is_notable: false,
    is_kol: false,
    is_wash: false,
    funder: null,
    group_id: null,
    first_buy_slot: 1001,
    first_buy_at: T0,
    bought_sol: 1,
    sold_sol: 0,
    ...o,
  };
}

/** A settled outcome, `settled_at` = analysis + 24 h. */
export function outcomeRow(
  o: Partial<OutcomeRow> & Pick<OutcomeRow, 'mint' | 'rugged'>,
  analyzedAt: number,
): OutcomeRow {
  return {
    settled_at: analyzedAt + DAY,
    rugged_at: o.rugged ? analyzedAt + HOUR : null,
    peak_mcap_usd: 120_000,
    peak_at: analyzedAt + 10 * 60_000,
    trough_mcap_usd: o.rugged ? 3_000 : 50_000,
    seconds_to_peak: 600,
    collapse_s: o.rugged ? 3000 : null,
    exit_window: true,
    peak_gain_pct: 100,
    reached_2x: true,
    reached_5x: false,
    ...o,
  };
}

export function edgeRow(mint: string, a: string, b: string, over: Partial<EdgeRow> = {}): EdgeRow {
  return {
    mint,
    wallet_a: a,
    wallet_b: b,
    kind: 'funding',
    strength: 1,
    confidence: 0.85,
    evidence: 'test',
    ...over,
  };
}

export function positionRow(
  mint: string,
  wallet: string,
  realized: number,
  at: number,
  over: Partial<PositionRow> = {},
): PositionRow {
  return {
    wallet,
    mint,
    buys: 1,
    sells: 1,
    bought_sol: 1,
    sold_sol: 1 + realized,
    realized_sol: realized,
    first_at: at,
    last_at: at + HOUR,
    ...over,
  };
}

export function kolTradeRow(
  id: string,
  wallet: string,
  mint: string,
  at: number,
  over: Partial<KolTradeRow> = {},
): KolTradeRow {
  return {
    id,
    wallet,
    mint,
    side: 'BUY',
    sol: 1,
    realized_sol: 0,
    roi_pct: null,
    entry_mcap_usd: 50_000,
    at,
    ...over,
  };
}

export type FixtureRows = { readonly [N in keyof TableRows]?: readonly TableRows[N][] };

/** A memory store holding `rows` (tokens first, so lookups by mint see them). */
export async function storeWith(rows: FixtureRows): Promise<DatasetStore> {
  const db = await openMemoryStore();
  for (const [table, list] of Object.entries(rows) as [keyof TableRows, TableRows[keyof TableRows][]][]) {
    if (list.length > 0) await db.appendRows(table, list as never);
  }
  return db;
}

/** A `Queryable` over `db` that records each SQL text it runs, to check which path a function took. */
export function recordingQueryable(db: Queryable): { readonly db: Queryable; readonly seen: string[] } {
  const seen: string[] = [];
  const all: Queryable['all'] = (sql, params) => {
    seen.push(sql);
    return db.all(sql, params);
  };
  return { seen, db: { all } };
}
