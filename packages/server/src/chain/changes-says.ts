import type { HolderChanges } from './holder-changes.js';

const pct = (x: number | null) => (x === null ? 'unknown' : `${Math.round(x * 10) / 10}%`);

/** The one plain sentence of a `changes` answer. */
export function changesSays(who: string, c: HolderChanges): string {
  const leftPart = c.holders_complete
    ? `${c.left.count} of ${c.baseline_holders} launch holders left (${pct(c.left.supply_pct_at_analysis)} of supply at analysis)`
    : `${c.unseen} of ${c.baseline_holders} launch holders are not among the largest accounts now`;
  return `Since analysis ${leftPart}, ${c.reduced.count} reduced and ${c.grew.count} grew; the launch holders now hold ${pct(c.baseline_supply_pct_now)} (was ${pct(c.baseline_supply_pct)}), insiders ${pct(c.roles.insiders.supply_pct_at_analysis)} → ${pct(c.roles.insiders.supply_pct_now)}, ${c.new_holders.count} new holders hold ${pct(c.new_holders.supply_pct_now)} of ${who}.`;
}
