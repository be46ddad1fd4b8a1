import { countText } from '../says/count-text.js';
import { isoTime } from '../says/iso-time.js';
import { pctText } from '../says/pct-text.js';
import { quantileSorted } from '../stats/quantile-sorted.js';
import type { HolderRow } from '../tables/holder-row.js';
import type { KolRow } from '../tables/kol-row.js';
import type { TokenRow } from '../tables/token-row.js';
import { INSPECT_CAPS, type InspectRecord } from './inspect-record.js';

const WEALTH_BUCKETS = [
  { label: 'under 1 SOL', min_sol: 0, max_sol: 1 },
  { label: '1–10 SOL', min_sol: 1, max_sol: 10 },
  { label: '10–100 SOL', min_sol: 10, max_sol: 100 },
  { label: '100 SOL or more', min_sol: 100, max_sol: null },
] as const;

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

/** The inspect record of a token from its row, its holder rows and the KOL registry entries of its traders. */
export function buildInspectRecord(
  token: TokenRow,
  holders: readonly HolderRow[],
  kols: readonly KolRow[],
): InspectRecord {
  const ranked = holders
    .filter((h) => h.rank !== null)
    .sort((a, b) => (a.rank as number) - (b.rank as number) || a.wallet.localeCompare(b.wallet));

  const groupMap = new Map<number, { members: number; supply_pct: number }>();
  for (const h of holders) {
    if (h.group_id === null) continue;
    const g = groupMap.get(h.group_id) ?? { members: 0, supply_pct: 0 };
    g.members++;
    g.supply_pct += h.supply_pct;
    groupMap.set(h.group_id, g);
  }
  const groups = [...groupMap.entries()]
    .map(([group_id, g]) => ({ group_id, ...g }))
    .sort((a, b) => b.supply_pct - a.supply_pct || a.group_id - b.group_id);

  const top = ranked.slice(0, INSPECT_CAPS.wealth_top);
  const balances = top
    .map((h) => h.sol_balance)
    .filter((b): b is number => b !== null)
    .sort((a, b) => a - b);

  const kolName = new Map(kols.map((k) => [k.wallet, k.name]));
  const tracked = holders
    .filter((h) => h.is_kol || h.is_notable || kolName.has(h.wallet))
    .sort(
      (a, b) =>
        b.supply_pct - a.supply_pct || b.bought_sol - a.bought_sol || a.wallet.localeCompare(b.wallet),
    )
    .slice(0, INSPECT_CAPS.tracked_traders)
    .map((h) => ({
      wallet: h.wallet,
      name: kolName.get(h.wallet) ?? null,
      is_kol: h.is_kol || kolName.has(h.wallet),
      is_notable: h.is_notable,
      supply_pct: h.supply_pct,
      bought_sol: h.bought_sol,
      sold_sol: h.sold_sol,
    }));

  const wash = holders.filter((h) => h.is_wash).length;
  const volume = sum(holders.map((h) => h.bought_sol + h.sold_sol));
  const says =
    `At migration ${token.symbol ?? token.mint} had ${countText(token.holders, 'holder')}; ` +
    `insiders held ${pctText(token.insiders_pct)}, snipers ${pctText(token.snipers_pct)} and the top 10 ` +
    `${pctText(token.top10_pct)} of supply, with ${countText(token.groups_n, 'wallet group')} holding ` +
    `${pctText(token.groups_pct)}.`;

  return {
    mint: token.mint,
    symbol: token.symbol,
    name: token.name,
    platform: token.platform,
    analyzed_at: isoTime(token.analyzed_at),
    holders: token.holders,
    traders: holders.length,
    top1_pct: token.top1_pct,
    top10_pct: token.top10_pct,
    activity: { tx_analyzed: token.tx_analyzed, fee_cost_sol: token.fee_cost_sol, curve_volume_sol: volume },
    groups: {
      count: token.groups_n,
      supply_pct: token.groups_pct,
      largest: groups.slice(0, INSPECT_CAPS.groups),
    },
    holder_wealth: {
      considered: top.length,
      with_known_balance: balances.length,
      total_sol: sum(balances),
      median_sol: quantileSorted(balances, 0.5),
      p25_sol: quantileSorted(balances, 0.25),
      p75_sol: quantileSorted(balances, 0.75),
      max_sol: balances.length > 0 ? balances[balances.length - 1] : null,
      buckets: WEALTH_BUCKETS.map((b) => ({
        ...b,
        holders: balances.filter((x) => x >= b.min_sol && (b.max_sol === null || x < b.max_sol)).length,
      })),
      whales: top.filter((h) => h.is_whale).length,
    },
    top_holders: ranked.slice(0, INSPECT_CAPS.top_holders).map((h) => ({
      rank: h.rank as number,
      wallet: h.wallet,
      supply_pct: h.supply_pct,
      is_whale: h.is_whale,
      is_notable: h.is_notable,
    })),
    tracked_traders: tracked,
    trading_patterns: {
      scalp_score: token.scalp_score,
      wash_trading_pct: 100 * token.wash_share,
      wash_wallets: wash,
    },
    wallet_classes: {
      snipers: { count: token.snipers_n, supply_pct: token.snipers_pct, block0: token.block0_snipers_n },
      insiders: {
        count: token.insiders_n,
        supply_pct: token.insiders_pct,
        bundled: token.bundle_n,
        bundled_supply_pct: token.bundled_pct,
      },
      fresh_wallets: { count: token.fresh_n, supply_pct: token.fresh_pct },
      early_buyers: { count: token.early_n, supply_pct: token.early_pct },
    },
    says,
  };
}
