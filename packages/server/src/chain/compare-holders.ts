import type { LiveHolders } from './chain-reader.js';
import type { HolderChanges, MovedHolder } from './holder-changes.js';

/** One holder of the launch baseline (the dataset's `holders` rows with supply at analysis). */
export interface BaselineHolder {
  readonly wallet: string;
  readonly supply_pct: number;
  readonly is_creator: boolean;
  readonly is_insider: boolean;
  readonly is_sniper: boolean;
  readonly is_bundle: boolean;
}

/** Moves smaller than this many percentage points of supply are rounding, not a change. */
const EPSILON_PCT = 1e-4;
const LIST = 20;

const round = (x: number) => Math.round(x * 10_000) / 10_000;
const rolesOf = (b: BaselineHolder | undefined) =>
  b === undefined
    ? []
    : [
        ...(b.is_creator ? ['creator'] : []),
        ...(b.is_insider ? ['insider'] : []),
        ...(b.is_sniper ? ['sniper'] : []),
        ...(b.is_bundle ? ['bundle'] : []),
      ];

function group(list: MovedHolder[], complete: boolean) {
  list.sort(
    (a, b) =>
      Math.abs((b.supply_pct_now ?? 0) - b.supply_pct_at_analysis) -
      Math.abs((a.supply_pct_now ?? 0) - a.supply_pct_at_analysis),
  );
  return {
    count: list.length,
    supply_pct_at_analysis: round(list.reduce((s, h) => s + h.supply_pct_at_analysis, 0)),
    supply_pct_now:
      complete || list.every((h) => h.supply_pct_now !== null)
        ? round(list.reduce((s, h) => s + (h.supply_pct_now ?? 0), 0))
        : null,
    wallets: list.slice(0, LIST).map((h) => ({
      ...h,
      supply_pct_at_analysis: round(h.supply_pct_at_analysis),
      supply_pct_now: h.supply_pct_now === null ? null : round(h.supply_pct_now),
    })),
  };
}

/**
 * Compares the live holders with the baseline: who left (held at analysis, nothing now), who
 * reduced or grew, who is new, and the supply behind each group and each baseline role.
 */
export function compareHolders(
  baseline: readonly BaselineHolder[],
  baselineAt: number,
  live: LiveHolders,
  source: 'sim' | 'rpc',
): HolderChanges {
  const now = new Map(live.holdings.map((h) => [h.wallet, (100 * h.token_raw) / live.supply_raw]));
  const base = new Map(baseline.map((b) => [b.wallet, b]));
  const left: MovedHolder[] = [];
  const reduced: MovedHolder[] = [];
  const grew: MovedHolder[] = [];
  const fresh: MovedHolder[] = [];
  let unseen = 0;
  let stillHeld = 0;
  for (const b of baseline) {
    const pct = now.get(b.wallet);
    const moved = { wallet: b.wallet, roles: rolesOf(b), supply_pct_at_analysis: b.supply_pct };
    if (pct === undefined) {
      if (live.complete) left.push({ ...moved, supply_pct_now: 0 });
      else unseen++;
      continue;
    }
    stillHeld += pct;
    if (pct < b.supply_pct - EPSILON_PCT) reduced.push({ ...moved, supply_pct_now: pct });
    else if (pct > b.supply_pct + EPSILON_PCT) grew.push({ ...moved, supply_pct_now: pct });
  }
  for (const [wallet, pct] of now) {
    if (!base.has(wallet)) fresh.push({ wallet, roles: [], supply_pct_at_analysis: 0, supply_pct_now: pct });
  }
  const role = (pick: (b: BaselineHolder) => boolean) => {
    const members = baseline.filter(pick);
    const nowPct = members.reduce((s, b) => s + (now.get(b.wallet) ?? 0), 0);
    const allSeen = live.complete || members.every((b) => now.has(b.wallet));
    return {
      supply_pct_at_analysis: round(members.reduce((s, b) => s + b.supply_pct, 0)),
      supply_pct_now: allSeen ? round(nowPct) : null,
    };
  };
  return {
    baseline_at: new Date(baselineAt).toISOString(),
    checked_at: new Date(live.at).toISOString(),
    source,
    method: live.method,
    holders_complete: live.complete,
    baseline_holders: baseline.length,
    holders_now: live.holdings.length,
    baseline_supply_pct: round(baseline.reduce((s, b) => s + b.supply_pct, 0)),
    baseline_supply_pct_now: live.complete || unseen === 0 ? round(stillHeld) : null,
    left: group(left, true),
    reduced: group(reduced, true),
    grew: group(grew, true),
    unseen,
    new_holders: group(fresh, true),
    roles: {
      creator: role((b) => b.is_creator),
      insiders: role((b) => b.is_insider),
      snipers: role((b) => b.is_sniper),
      bundles: role((b) => b.is_bundle),
    },
  };
}
