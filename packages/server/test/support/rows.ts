import { createHash } from 'node:crypto';
import type { HolderRow, OutcomeRow, TokenRow } from '@launchlens/engine';
import bs58 from 'bs58';

const HOUR = 3_600_000;

/** A valid 32-byte base58 test address, stable and unique per (kind, n). */
export function addr(kind: string, n: number): string {
  return bs58.encode(createHash('sha256').update(`${kind}:${n}`).digest());
}

/** A complete token row with neutral values and the fields a test sets. */
export function tokenRow(o: Partial<TokenRow> & Pick<TokenRow, 'mint' | 'analyzed_at'>): TokenRow {
  return {
    platform: 'pumpfun',
    name: `Token ${o.mint.slice(0, 4)}`,
    symbol: o.mint.slice(0, 4).toUpperCase(),
    creator: addr('creator', 0),
    created_at: o.analyzed_at - HOUR,
    created_slot: 1000,
    analyzed_slot: 2000,
    pool: null,
    mcap_at_analysis_usd: 60_000,
    price_at_analysis_usd: 0.00006,
    liquidity_at_analysis_usd: 15_000,
    sol_usd_at_analysis: 180,
    holders: 100,
    top1_pct: 5,
    top10_pct: 30,
    snipers_n: 2,
    snipers_pct: 3,
    block0_snipers_n: 1,
    insiders_n: 1,
    insiders_pct: 4,
    bundle_n: 0,
    bundled_pct: 0,
    fresh_n: 10,
    fresh_pct: 8,
    early_n: 20,
    early_pct: 15,
    groups_n: 1,
    groups_pct: 2,
    whales_n: 0,
    kols_n: 0,
    dev_pct: 2,
    dev_sold: false,
    mint_authority: 'revoked',
    freeze_authority: 'revoked',
    lp_state: 'burned',
    tx_analyzed: 400,
    fee_cost_sol: 0.2,
    scalp_score: 0.1,
    wash_share: 0,
    skipped: false,
    skip_reason: null,
    ...o,
  };
}

/** A holder row with neutral flags. */
export function holderRow(o: Partial<HolderRow> & Pick<HolderRow, 'mint' | 'wallet'>): HolderRow {
  return {
    rank: 1,
    supply_pct: 1,
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
    first_buy_at: null,
    bought_sol: 1,
    sold_sol: 0,
    ...o,
  };
}

/** An outcome settling 24 h after `analyzedAt`. */
export function outcomeRow(
  o: Partial<OutcomeRow> & Pick<OutcomeRow, 'mint' | 'rugged'>,
  analyzedAt: number,
): OutcomeRow {
  return {
    settled_at: analyzedAt + 24 * HOUR,
    rugged_at: o.rugged ? analyzedAt + HOUR : null,
    peak_mcap_usd: 90_000,
    peak_at: analyzedAt + 600_000,
    trough_mcap_usd: o.rugged ? 3_000 : 40_000,
    seconds_to_peak: 600,
    collapse_s: o.rugged ? 1200 : null,
    exit_window: true,
    peak_gain_pct: 50,
    reached_2x: false,
    reached_5x: false,
    ...o,
  };
}
