import type { Holding } from '../cast/holding.js';
import { HOUR, type LaunchActors, SOL } from '../cast/launch-actors.js';
import type { ConstantProductPool } from '../market/constant-product-pool.js';
import { SlotClock } from '../slot-clock.js';
import type { CurveIntent } from './plan-curve-phase.js';
import type { LaunchPath } from './plan-launch-path.js';

interface PoolAction {
  slot: number;
  kind: 'path' | 'sell' | 'buy' | 'collapse';
  h: Holding | null;
  /** Sells: share of the position; buys: lamports. */
  amount: number;
  guarded: boolean;
}

const DAY_SLOTS = SlotClock.slots(24 * HOUR);
const slots = (seconds: number, min = 0) => SlotClock.slots(seconds, min);
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * The 24 h after a migration: path trades steer the pool price toward the hidden launch type's
 * target path, curve-phase sells deferred past the curve land here, snipers exit, KOLs trade by
 * skill, and a rug collapses the price. `leftovers` are the curve intents that did not run on it.
 */
export function simulatePoolPhase(
  actors: LaunchActors,
  pool: ConstantProductPool,
  path: LaunchPath,
  migSlot: number,
  leftovers: readonly CurveIntent[],
): void {
  const rng = actors.rng;
  const actions: PoolAction[] = [];
  const after = (s: number) => migSlot + slots(s, 1);
  const add = (slot: number, kind: PoolAction['kind'], h: Holding | null, amount: number, guarded = false) =>
    actions.push({ slot, kind, h, amount, guarded });

  for (let i = 0; i < path.trades; i++) {
    const u = rng.float();
    const s = u < 0.5 ? rng.exp(900) : u < 0.85 ? rng.exp(2.5 * HOUR) : rng.range(0, 24 * HOUR);
    if (s < 24 * HOUR) add(after(s), 'path', null, 0);
  }
  for (const it of leftovers) {
    if (it.side === 'sell') add(Math.max(it.slot, migSlot + 1), 'sell', it.h, it.amount, true);
  }
  for (const h of actors.holdings) {
    if (h.tokens <= 0) continue;
    if (h.role === 'sniper' && h.sells === 0) add(after(rng.range(5, 900)), 'sell', h, 1, true);
    if (!path.rug && h.scamSide && rng.chance(0.6)) {
      add(after(rng.range(1800, 20 * HOUR)), 'sell', h, rng.range(0.2, 0.7), true);
    }
  }
  for (const h of actors.holdings) {
    if (h.role !== 'kol') continue;
    const kol = actors.world.kols.find((k) => k.wallet === h.wallet)!;
    const skill = kol.skill + 0.5 * rng.normal();
    const edge = Math.min(path.collapseAtS, path.peakAtS);
    let entry: number;
    let exit: number;
    if (skill > 0.3) {
      entry = rng.range(5, Math.max(10, 0.3 * edge));
      exit = path.rug ? edge * rng.range(0.6, 0.95) : path.peakAtS * rng.range(0.9, 1.3);
    } else if (skill < -0.3) {
      entry = path.peakAtS * rng.range(0.8, 1.05);
      exit = path.rug ? path.collapseAtS + rng.range(300, 3600) : rng.range(1.5 * path.peakAtS, 20 * HOUR);
    } else {
      entry = rng.range(5, 2 * HOUR);
      exit = entry + rng.range(60, 6 * HOUR);
    }
    if (h.tokens <= 0 || rng.chance(0.3))
      add(after(entry), 'buy', h, clamp(rng.logNormal(Math.log(2), 0.6), 0.2, 15) * SOL);
    add(after(Math.max(exit, entry + 30)), 'sell', h, 1, false);
  }
  if (path.rug) add(after(path.collapseAtS), 'collapse', null, 0);
  actions.sort((a, b) => a.slot - b.slot);

  const p0 = pool.price;
  let peak = p0;
  let now = migSlot + 1;
  let collapsed = false;
  let floor = 0;
  const last = migSlot + DAY_SLOTS - 1;
  const trade = (slot: number, h: Holding, side: 'buy' | 'sell', amount: number) => {
    if (slot <= now) slot = now;
    if (slot > last) return;
    now = slot;
    poolTrade(actors, pool, slot, h, side, amount);
    if (pool.price > peak) peak = pool.price;
  };
  const guardTokens = (tokens: number): number => {
    if (path.guardShare <= 0) return tokens;
    const limit = path.guardShare * peak * 1.05;
    if (pool.price <= limit) return 0;
    return Math.min(tokens, Math.floor(pool.tokensToMove(limit / pool.price)));
  };

  for (const a of actions) {
    if (a.slot > last || now > last) break;
    if (a.kind === 'collapse') {
      now = Math.max(now, a.slot);
      floor = collapse(actors, pool, path, peak, now, last, (s) => {
        now = s;
      });
      collapsed = true;
      continue;
    }
    if (a.kind === 'sell' && a.h) {
      let tokens = Math.floor(a.h.tokens * a.amount);
      if (a.guarded && !collapsed) tokens = guardTokens(tokens);
      if (tokens > 0) trade(a.slot, a.h, 'sell', tokens);
      continue;
    }
    if (a.kind === 'buy' && a.h) {
      trade(a.slot, a.h, 'buy', a.amount);
      continue;
    }
    if (collapsed && rng.chance(0.7)) continue;
    const s = (Math.max(a.slot, now) - migSlot) * 0.4;
    const target = collapsed
      ? Math.min(floor * Math.exp(0.3 * rng.normal()), 0.085 * peak)
      : p0 * path.target(s) * Math.exp(0.06 * rng.normal());
    const gap = Math.log(target / pool.price);
    const noise = rng.chance(0.22);
    const buy = noise ? gap < 0 : gap > 0;
    if (buy) {
      const h = poolBuyer(actors, Math.max(a.slot, now));
      const cap = (h.wallet.whale ? 40 : 6) * (path.type === 'runner' ? 2 : 1) * SOL;
      const sol = noise
        ? clamp(rng.logNormal(Math.log(0.25), 0.9), 0.02, 5) * SOL
        : clamp(pool.solToMove(Math.exp(rng.range(0.25, 0.7) * gap)), 0.02 * SOL, cap);
      trade(a.slot, h, 'buy', sol);
    } else {
      const h = poolSeller(actors, path.rug && !collapsed);
      if (!h) continue;
      let tokens = noise
        ? h.tokens * rng.range(0.1, 1)
        : Math.min(h.tokens, pool.tokensToMove(Math.exp(rng.range(0.25, 0.7) * gap)));
      if (!collapsed) tokens = guardTokens(Math.floor(tokens));
      if (tokens >= 1) trade(a.slot, h, 'sell', Math.floor(tokens));
    }
  }
}

/**
 * The rug: the creator's side dumps everything within seconds of each other, then holders panic
 * (largest first) until the price is at most `floorShare` of its peak. Returns the floor price.
 */
function collapse(
  actors: LaunchActors,
  pool: ConstantProductPool,
  path: LaunchPath,
  peak: number,
  start: number,
  last: number,
  setNow: (slot: number) => void,
): number {
  const rng = actors.rng;
  const spacing = path.type === 'hard_rug' ? [1, 6] : path.type === 'pump_and_dump' ? [2, 20] : [5, 60];
  let slot = start;
  const sell = (h: Holding, share: number) => {
    const tokens = Math.floor(h.tokens * share);
    if (tokens <= 0) return;
    slot += slots(rng.range(spacing[0], spacing[1]), 1);
    if (slot <= last) poolTrade(actors, pool, slot, h, 'sell', tokens);
  };
  const holdings = actors.holdings;
  const side = holdings.filter((h) => h.scamSide && h.tokens > 0).sort((a, b) => b.tokens - a.tokens);
  for (const h of side) sell(h, h.role === 'fresh' ? rng.range(0.8, 1) : 1);
  const target = path.floorShare * peak;
  const others = holdings.filter((h) => h.tokens > 0).sort((a, b) => b.tokens - a.tokens);
  for (let i = 0; i < others.length && pool.price > target; i++) sell(others[i], rng.range(0.6, 1));
  setNow(slot);
  return pool.price;
}

function poolBuyer(actors: LaunchActors, slot: number): Holding {
  const rng = actors.rng;
  const holdings = actors.holdings;
  const u = rng.float();
  if (u < 0.2) {
    for (let tries = 0; tries < 3; tries++) {
      const h = holdings[rng.int(holdings.length)];
      if (h.role === 'organic' || h.role === 'kol' || h.role === 'wash') return h;
    }
  }
  if (u < 0.75) {
    const w = actors.world.organic(rng, slot, actors.ordinal);
    if (w) return actors.holding(w, 'organic');
  }
  const w = actors.world.newWallet(rng, 'organic', null, rng.chance(0.05));
  actors.fundNew(
    w,
    slot,
    rng.range(120, 6 * HOUR),
    w.whale ? rng.range(100, 1500) * SOL : rng.range(0.5, 10) * SOL,
  );
  return actors.holding(w, 'organic');
}

/** A holder to sell (tournament of six draws, weighted by position; the creator's side waits before a rug). */
function poolSeller(actors: LaunchActors, rugPending: boolean): Holding | null {
  const rng = actors.rng;
  const holdings = actors.holdings;
  const n = holdings.length;
  let best: Holding | null = null;
  let bestWeight = 0;
  for (let i = 0; i < 6; i++) {
    const h = holdings[rng.int(n)];
    if (h.tokens <= 0) continue;
    const weight = h.tokens * (rugPending && h.scamSide ? 0.1 : h.role === 'sniper' ? 3 : 1);
    if (weight > bestWeight) {
      best = h;
      bestWeight = weight;
    }
  }
  return best;
}

function poolTrade(
  actors: LaunchActors,
  pool: ConstantProductPool,
  slot: number,
  h: Holding,
  side: 'buy' | 'sell',
  amount: number,
): void {
  const w = h.wallet;
  const fee = actors.fee(false);
  if (side === 'buy') {
    const need = amount + fee + 0.01 * SOL;
    if (!Number.isFinite(w.fundedSlot)) actors.fundNew(w, slot, actors.rng.range(120, 6 * HOUR), need * 2);
    else if (w.lamports < need) actors.ensure(w, slot - slots(actors.rng.range(20, 900), 1), need);
    const fill = pool.buy(amount);
    if (fill.tokenRaw <= 0) return;
    actors.noteTrade(h, slot);
    h.tokens += fill.tokenRaw;
    w.lamports -= fill.solLamports + fee;
    actors.tape.poolTrade(slot, fee, w, 'buy', fill.solLamports, fill.tokenRaw, pool.sol, pool.token);
  } else {
    const tokens = Math.min(Math.floor(amount), h.tokens);
    if (tokens <= 0) return;
    const fill = pool.sell(tokens);
    actors.noteTrade(h, slot);
    h.tokens -= fill.tokenRaw;
    h.sells++;
    w.lamports += fill.solLamports - fee;
    actors.tape.poolTrade(slot, fee, w, 'sell', fill.solLamports, fill.tokenRaw, pool.sol, pool.token);
  }
}
