import type { Holding } from '../cast/holding.js';
import { HOUR, type LaunchActors, SOL } from '../cast/launch-actors.js';
import type { SimWallet } from '../cast/sim-wallet.js';
import type { SniperFleet } from '../cast/sniper-fleet.js';
import { SlotClock } from '../slot-clock.js';

/** A planned curve trade, before the curve is run. */
export interface CurveIntent {
  slot: number;
  /** Explicit tx index inside the slot (the dev buy, the bundle, block-0 snipers). */
  li: number | undefined;
  h: Holding;
  side: 'buy' | 'sell';
  /** Buys: curve-side lamports before scaling. Sells: share of the position. */
  amount: number;
  /** Buys whose size the launch's organic scale factor multiplies. */
  scaled: boolean;
  bot: boolean;
  withCreate: boolean;
}

export interface CurvePlan {
  /** Trades up to the curve's planned life, in (slot, explicit tx index) order. */
  readonly intents: CurveIntent[];
  /** Sells planned after the curve's planned life: they happen in the pool. */
  readonly deferred: CurveIntent[];
}

const slots = (seconds: number, min = 0) => SlotClock.slots(seconds, min);
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * Plans who trades a launch's curve and when (funding them on the way): the creator and its dev buy,
 * bundle and insider wallets, sniper fleets in the first three slots, fresh wallets, KOLs, wash
 * traders and organic traders. `z` is the launch's latent scamminess, `curveSeconds` the curve's
 * planned life.
 */
export function planCurvePhase(actors: LaunchActors, z: number, curveSeconds: number): CurvePlan {
  const rng = actors.rng;
  const world = actors.world;
  const c = actors.createSlot;
  const D = curveSeconds;
  const creator = actors.creator;
  const curveSlots = slots(D, 3);
  const at = (frac: number) => c + Math.max(3, Math.round(curveSlots * frac));
  const intents: CurveIntent[] = [];
  const intent = (
    slot: number,
    h: Holding,
    side: 'buy' | 'sell',
    amount: number,
    li: number | undefined = undefined,
    scaled = false,
    bot = false,
    withCreate = false,
  ) => {
    intents.push({ slot, li, h, side, amount, scaled, bot, withCreate });
  };
  const organicSize = (whale: boolean): number => {
    const sol = whale
      ? clamp(rng.logNormal(Math.log(3), 0.6), 0.5, 25)
      : clamp(rng.logNormal(Math.log(0.35), 0.9), 0.01, 10);
    return sol * SOL;
  };
  const sniperIntents = (h: Holding, slot: number, li: number) => {
    const sol = clamp(rng.logNormal(Math.log(0.8), 0.7), 0.1, 5) * SOL;
    intent(slot, h, 'buy', sol, li, false, true);
    if (h.fleet && rng.chance(h.fleet.holdChance)) return;
    const sellAt = slot + slots(rng.range(5, 240), 1);
    if (rng.chance(0.2)) {
      intent(sellAt, h, 'sell', rng.range(0.3, 0.7), undefined, false, true);
      intent(sellAt + slots(rng.range(10, 300), 1), h, 'sell', 1, undefined, false, true);
    } else {
      intent(sellAt, h, 'sell', 1, undefined, false, true);
    }
  };

  const devBuys = rng.chance(0.85);
  const devSol = clamp(rng.logNormal(Math.log(0.8) + 0.3 * z, 0.6), 0.05, 6) * SOL;
  const bundleN = rng.chance(sigmoid(-0.92 + 1.1 * z))
    ? 1 + Math.min(3, rng.poisson(0.5 + 0.5 * Math.max(z, 0)))
    : 0;
  const insiderN = Math.min(6, rng.poisson(0.25 + 1.0 * sigmoid(z)));
  const budget = devSol + (bundleN * 2 + insiderN * 1.2) * SOL + 1.5 * SOL;

  // The creator wallet: funded (or topped up) by its funder hours before the create.
  const cw = creator.wallet;
  const preSlot = c - slots(rng.range(3 * HOUR, 10 * HOUR));
  if (!Number.isFinite(cw.fundedSlot)) {
    if (!creator.funder.isExchange && !Number.isFinite(creator.funder.fundedSlot)) {
      actors.fund(creator.funder, preSlot - slots(rng.range(600, 2 * HOUR)), rng.range(60, 600) * SOL, null);
    }
    actors.fund(
      cw,
      preSlot,
      budget + rng.range(2, 20) * SOL,
      creator.funder.isExchange ? null : creator.funder,
    );
  } else {
    actors.ensure(cw, preSlot, budget);
  }

  const dev = actors.holding(cw, 'creator');
  if (devBuys) intent(c, dev, 'buy', devSol, 0, false, false, true);

  // Insiders: bundle wallets and other creator-funded wallets, some funded through the funder instead.
  const insiderWallet = (hidden: boolean): SimWallet => {
    const pool = creator.insiders.filter((w) => w.lastLaunch !== actors.ordinal);
    const reusable = pool.filter((w) => (w.funder === cw) !== hidden);
    if (reusable.length > 0 && rng.chance(0.7)) return rng.pick(reusable);
    const funder = hidden ? (creator.funder.isExchange ? null : creator.funder) : cw;
    const w = world.newWallet(rng, 'insider', funder);
    creator.insiders.push(w);
    return w;
  };
  const fundInsider = (w: SimWallet, lamports: number) => {
    actors.fund(w, c - slots(rng.range(60, 2.5 * HOUR), 1), lamports + 0.05 * SOL, w.funder);
  };
  for (let i = 0; i < bundleN; i++) {
    const w = insiderWallet(false);
    const sol = clamp(rng.logNormal(Math.log(1.2) + 0.25 * z, 0.5), 0.2, 5) * SOL;
    fundInsider(w, sol * 1.03 + 0.03 * SOL);
    intent(c, actors.holding(w, 'bundle'), 'buy', sol, 1 + i, false, true);
  }
  for (let i = 0; i < insiderN; i++) {
    const hidden = rng.chance(0.3);
    const w = insiderWallet(hidden);
    const sol = clamp(rng.logNormal(Math.log(0.9), 0.6), 0.1, 4) * SOL;
    fundInsider(w, sol * 1.03 + 0.03 * SOL);
    const h = actors.holding(w, hidden ? 'hidden_insider' : 'insider');
    intent(c + slots(rng.range(3, 240), 3), h, 'buy', sol);
  }
  if (devBuys && rng.chance(sigmoid(-2 + 0.6 * z))) {
    intent(at(rng.range(0.3, 0.9)), dev, 'sell', rng.range(0.3, 1));
  }

  // Sniper fleets: bot buys in the create slot after the bundle (with gaps) and in the next two.
  const ops = rng.poisson(Math.exp(Math.log(1.15) + 0.25 * (0.5 * z + 0.87 * rng.normal())));
  const usedFleets = new Set<SniperFleet>();
  const bySlot: Holding[][] = [[], [], []];
  for (let o = 0; o < ops; o++) {
    const fleet = world.fleet(rng);
    if (usedFleets.has(fleet)) continue;
    usedFleets.add(fleet);
    actors.fundFleet(fleet);
    const k = Math.min(fleet.wallets.length, 1 + rng.poisson(0.6));
    const group: Holding[][] = [[], [], []];
    for (let i = 0; i < k; i++) {
      const w = rng.pick(fleet.wallets);
      if (w.lastLaunch === actors.ordinal) continue;
      const h = actors.holding(w, 'sniper', fleet);
      group[rng.chance(fleet.speed) ? 0 : rng.chance(0.6) ? 1 : 2].push(h);
    }
    for (let s = 0; s < 3; s++) bySlot[s].push(...group[s]);
  }
  let li = bundleN + 2;
  for (const h of bySlot[0]) {
    sniperIntents(h, c, li);
    li += 2 + rng.int(3);
  }
  for (let s = 1; s <= 2; s++) {
    let cur = rng.int(6);
    let prev: SniperFleet | null = null;
    for (const h of bySlot[s]) {
      cur = h.fleet === prev ? cur + 1 : cur + 2 + rng.int(3);
      prev = h.fleet;
      sniperIntents(h, c + s, cur);
    }
  }

  // The rest of the curve traders.
  const traders = clamp(Math.round(rng.logNormal(Math.log(112), 0.33)), 66, 235);
  const freshShare = clamp(sigmoid(-1.75 + 0.9 * z + 0.45 * rng.normal()), 0, 0.75);
  const freshN = Math.round(traders * freshShare);
  for (let i = 0; i < freshN; i++) {
    const slot = at(rng.float() ** 1.6);
    const w = world.newWallet(rng, 'fresh', null);
    const sol = clamp(rng.logNormal(Math.log(0.45) + 0.2 * z, 0.7), 0.05, 5) * SOL;
    actors.fundNew(w, slot, rng.range(180, 10 * HOUR), sol * rng.range(2, 6) + 0.1 * SOL);
    const h = actors.holding(w, 'fresh');
    intent(slot, h, 'buy', sol, undefined, true);
    if (rng.chance(0.25)) intent(slot + slots(rng.exp(D * 0.3) + 20, 1), h, 'sell', rng.range(0.3, 1));
  }

  const kolN = rng.poisson(0.4);
  for (let i = 0; i < kolN; i++) {
    const kol = rng.pick(world.kols);
    if (kol.wallet.lastLaunch === actors.ordinal) continue;
    actors.fundKol(kol);
    const h = actors.holding(kol.wallet, 'kol');
    if (rng.chance(0.45)) {
      intent(at(rng.range(0.3, 0.95)), h, 'buy', clamp(rng.logNormal(Math.log(1.5), 0.6), 0.2, 8) * SOL);
    }
  }

  if (rng.chance(sigmoid(-1.6 + 0.6 * z))) {
    const washN = rng.intIn(1, 3);
    for (let i = 0; i < washN; i++) {
      let h: Holding;
      if (rng.chance(0.3)) {
        const w = insiderWallet(rng.chance(0.5));
        fundInsider(w, 2 * SOL);
        h = actors.holding(w, 'wash');
      } else {
        h = actors.organicHolding(at(0.05), 'wash');
      }
      let slot = at(rng.range(0.05, 0.4));
      const trips = rng.intIn(3, 5);
      const pace = Math.min(1, D / 900);
      for (let t = 0; t < trips; t++) {
        intent(slot, h, 'buy', clamp(rng.logNormal(Math.log(0.5), 0.5), 0.1, 3) * SOL);
        slot += slots(rng.range(5, 90) * pace, 1);
        intent(slot, h, 'sell', 1);
        slot += slots(rng.range(10, 300) * pace, 1);
      }
    }
  }

  const organicN = Math.max(15, traders - actors.holdings.length);
  for (let i = 0; i < organicN; i++) {
    let slot = at(rng.float() ** 1.3);
    const h = actors.organicHolding(slot, 'organic');
    const whale = h.wallet.whale;
    intent(slot, h, 'buy', organicSize(whale), undefined, true);
    if (rng.chance(0.1)) {
      intent(slot + slots(rng.range(5, 55), 1), h, 'sell', 1);
      continue;
    }
    while (rng.chance(0.35)) {
      slot += slots(rng.exp(0.2 * D) + 20, 1);
      intent(slot, h, 'buy', organicSize(whale), undefined, true);
    }
    if (rng.chance(0.35)) intent(slot + slots(rng.exp(0.3 * D) + 30, 1), h, 'sell', rng.range(0.3, 1));
  }

  // Trades planned past the curve's planned life move to the pool (sells) or are dropped (repeat buys).
  const cutoff = c + slots(D * 1.1, 3);
  const kept: CurveIntent[] = [];
  const deferred: CurveIntent[] = [];
  for (const it of intents) {
    if (it.slot <= cutoff) kept.push(it);
    else if (it.side === 'sell') deferred.push(it);
  }
  kept.sort((a, b) => a.slot - b.slot || (a.li ?? 1e9) - (b.li ?? 1e9));
  return { intents: kept, deferred };
}
