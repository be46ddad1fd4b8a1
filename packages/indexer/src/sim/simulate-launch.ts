import type { OracleRow, Platform } from '@launchlens/engine';
import { BondingCurve } from './bonding-curve.js';
import { ConstantProductPool } from './constant-product-pool.js';
import { CURVE_PARAMS, type CurveParams } from './curve-params.js';
import { Holding, type HoldingRole } from './holding.js';
import { LaunchTape, type TapeOutput } from './launch-tape.js';
import { type LaunchPath, type LaunchType, planLaunchPath } from './plan-launch-path.js';
import { randomAddress } from './random-address.js';
import { type LaunchObservables, rugProbability } from './rug-probability.js';
import { Sfc32 } from './sfc32.js';
import type { SimCreator } from './sim-creator.js';
import type { SimKol } from './sim-kol.js';
import type { SimWallet } from './sim-wallet.js';
import { SlotClock } from './slot-clock.js';
import type { SniperFleet } from './sniper-fleet.js';
import { tokenName } from './token-name.js';
import type { WorldState } from './world-state.js';

const SOL = 1_000_000_000;
const HOUR = 3600;
/** Every funding transfer of a launch lies at most this long before its create (the merge relies on it). */
export const MAX_LEAD_S = 14 * HOUR;
const DAY_SLOTS = SlotClock.slots(24 * HOUR);
const FRESH_MAX_SLOTS = SlotClock.slots(24 * HOUR);
const TX_FEE = 5000;

const slots = (seconds: number, min = 0) => SlotClock.slots(seconds, min);
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** Where the simulator runs: the seed, the clock, and the signers of migrations. */
export interface SimEnvironment {
  readonly seed: number;
  readonly clock: SlotClock;
  /** No event before this slot (the start of history) or after `endSlot`. */
  readonly startSlot: number;
  readonly endSlot: number;
  readonly migrators: Readonly<Record<Platform, string>>;
}

export interface LaunchSpec {
  readonly ordinal: number;
  readonly createSlot: number;
  /** Position of the create in the timeline: 0 at `historyFrom`, 1 at the end. */
  readonly timelineFrac: number;
}

/** One generated launch: its events in (slot, tx index) order and its hidden truth. */
export interface SimulatedLaunch {
  readonly tape: TapeOutput;
  readonly oracle: OracleRow;
}

interface Intent {
  slot: number;
  li: number | undefined;
  h: Holding;
  side: 'buy' | 'sell';
  /** Buys: curve-side lamports before scaling. Sells: share of the position. */
  amount: number;
  scaled: boolean;
  bot: boolean;
  withCreate: boolean;
}

interface PoolAction {
  slot: number;
  kind: 'path' | 'sell' | 'buy' | 'collapse';
  h: Holding | null;
  /** Sells: share of the position; buys: lamports. */
  amount: number;
  guarded: boolean;
}

/** Simulates one launch from its first funding to 24 h after its migration. */
export function simulateLaunch(world: WorldState, env: SimEnvironment, spec: LaunchSpec): SimulatedLaunch {
  return new LaunchRun(world, env, spec).run();
}

class LaunchRun {
  private readonly rng: Sfc32;
  private readonly tape: LaunchTape;
  private readonly params: CurveParams;
  private readonly holdings: Holding[] = [];
  private intents: Intent[] = [];
  /** Curve-phase sells planned after the curve's planned life: they happen in the pool. */
  private readonly deferred: Intent[] = [];
  private readonly createSlot: number;
  private readonly ordinal: number;
  private readonly mint: string;
  private readonly poolAddress: string;
  private creator!: SimCreator;
  private z = 0;
  private curveSeconds = 0;

  constructor(
    private readonly world: WorldState,
    private readonly env: SimEnvironment,
    private readonly spec: LaunchSpec,
  ) {
    this.rng = new Sfc32(env.seed, spec.ordinal + 1);
    this.createSlot = spec.createSlot;
    this.ordinal = spec.ordinal;
    this.params = CURVE_PARAMS[this.rng.chance(0.75) ? 'pumpfun' : 'letsbonk'];
    this.mint = randomAddress(this.rng, this.params.mintSuffix);
    this.poolAddress = randomAddress(this.rng);
    const signatures = new Sfc32(env.seed, -1 - spec.ordinal);
    this.tape = new LaunchTape(this.rng, signatures, env.clock, env.endSlot, this.mint, this.poolAddress);
  }

  run(): SimulatedLaunch {
    const rng = this.rng;
    const curveAddress = randomAddress(rng);
    const { name, symbol } = tokenName(rng);
    this.pickCreator();
    const creator = this.creator;
    this.z = 0.75 * creator.scam + 0.66 * rng.normal();
    const untilEndS = (this.env.endSlot - this.createSlot) * 0.4;
    this.curveSeconds = clamp(rng.logNormal(Math.log(900), 1.3), 8, Math.min(8 * HOUR, 0.8 * untilEndS));

    this.planLaunch();
    const scale = this.tuneScale();

    const createSig = this.tape.signature();
    const createFee = this.fee(false);
    const p = this.params;
    this.tape.create(
      this.createSlot,
      createSig,
      createFee,
      p.platform,
      creator.wallet.address,
      name,
      symbol,
      curveAddress,
      p.supplyRaw,
      p.decimals,
    );
    const freezeActive = rng.chance(0.02);
    this.tape.authority(this.createSlot, createSig, createFee, creator.wallet.address, 'mint', null);
    this.tape.authority(
      this.createSlot,
      createSig,
      createFee,
      creator.wallet.address,
      'freeze',
      freezeActive ? creator.wallet.address : null,
    );

    const curve = new BondingCurve(p);
    const leftovers: Intent[] = this.deferred;
    let completedSlot = -1;
    let devSold = false;
    for (const it of this.intents) {
      if (completedSlot >= 0) {
        leftovers.push(it);
        continue;
      }
      if (it.side === 'buy') {
        const sol = Math.max(1000, Math.round(it.scaled ? it.amount * scale : it.amount));
        this.curveBuy(curve, it, sol, it.withCreate ? createSig : undefined, createFee);
        if (curve.complete) completedSlot = it.slot;
      } else {
        const tokens = Math.floor(it.h.tokens * it.amount);
        if (tokens <= 0) continue;
        this.curveSell(curve, it, tokens);
        if (it.h.role === 'creator') devSold = true;
      }
    }
    let slot = completedSlot >= 0 ? completedSlot : (this.intents.at(-1)?.slot ?? this.createSlot);
    while (!curve.complete) {
      slot += slots(rng.exp(Math.min(30, Math.max(2, this.curveSeconds / 40))), 1);
      const h = this.organicHolding(slot, 'organic');
      const it: Intent = {
        slot,
        li: undefined,
        h,
        side: 'buy',
        amount: rng.range(0.5, 4) * SOL,
        scaled: false,
        bot: false,
        withCreate: false,
      };
      this.curveBuy(curve, it, it.amount, undefined, 0);
    }
    completedSlot = slot;

    const migSlot = completedSlot + rng.intIn(1, 12);
    const pool = new ConstantProductPool(
      curve.realSol - p.migrationFeeLamports,
      p.supplyRaw - p.curveTokenRaw,
      p.poolLpFeeBps,
      p.poolProtocolFeeBps,
    );
    this.tape.migration(migSlot, this.env.migrators[p.platform], p.venue, pool.sol, pool.token);

    const observables = this.observe(freezeActive, devSold, migSlot);
    const probability = rugProbability(observables, this.spec.timelineFrac, rng.normal());
    const rug = rng.chance(probability);
    const type: LaunchType = rug
      ? rng.pick([
          'hard_rug',
          'hard_rug',
          'hard_rug',
          'pump_and_dump',
          'pump_and_dump',
          'slow_bleed',
          'slow_bleed',
        ])
      : rng.chance(0.22)
        ? 'runner'
        : 'organic';
    const path = planLaunchPath(type, rng);
    this.poolPhase(pool, path, migSlot, leftovers);

    creator.launches.push({ settledSlot: migSlot + DAY_SLOTS, rugged: rug });
    this.world.noteCreatorLaunch(creator);
    return {
      tape: this.tape.finish(),
      oracle: { mint: this.mint, launch_type: type, rug_probability: probability },
    };
  }

  // ---------------------------------------------------------------- actors and funding

  private pickCreator(): void {
    const rng = this.rng;
    const existing = this.world.existingCreator(rng);
    if (existing) {
      this.creator = existing;
      existing.wallet.lastLaunch = this.ordinal;
      return;
    }
    const funder = rng.chance(0.6) ? this.world.exchange(rng) : this.world.newWallet(rng, 'funder', null);
    const wallet = this.world.newWallet(rng, 'creator', funder);
    wallet.lastLaunch = this.ordinal;
    this.creator = { wallet, funder, insiders: [], scam: rng.normal(), launches: [] };
  }

  private fee(bot: boolean): number {
    const rng = this.rng;
    if (bot) return TX_FEE + rng.intIn(1_000_000, 20_000_000);
    return TX_FEE + Math.round(Math.min(2_000_000, rng.logNormal(Math.log(20_000), 1.0)));
  }

  /** Sends SOL from `from` (an exchange when null) to `to` at `slot`. */
  private fund(to: SimWallet, when: number, lamports: number, from: SimWallet | null): void {
    const slot = Math.max(when, this.createSlot - slots(MAX_LEAD_S), this.env.startSlot);
    const src = from ?? this.world.exchange(this.rng);
    const amount = Math.round(lamports);
    if (!src.isExchange) this.ensure(src, slot - slots(this.rng.range(60, 1800), 1), amount + TX_FEE);
    this.tape.transfer(slot, src.address, to.address, amount, TX_FEE);
    if (!src.isExchange) src.lamports -= amount + TX_FEE;
    to.lamports += amount;
    if (slot < to.fundedSlot) to.fundedSlot = slot;
  }

  /** Tops `w` up from its funder when it holds less than `need` lamports. */
  private ensure(w: SimWallet, slot: number, need: number): void {
    if (w.isExchange || w.lamports >= need) return;
    const rng = this.rng;
    let at = slot;
    if (Number.isFinite(w.fundedSlot) && at <= w.fundedSlot) at = w.fundedSlot + 1;
    const big = w.kind === 'funder' || w.kind === 'fleet_master' ? rng.range(50, 400) : rng.range(0.5, 6);
    this.fund(w, at, need - w.lamports + big * SOL, w.funder);
  }

  /** First funding of a wallet that has never been funded, `leadS` before `slot`. */
  private fundNew(w: SimWallet, slot: number, leadS: number, lamports: number): void {
    if (Number.isFinite(w.fundedSlot)) return;
    const at = Math.max(this.createSlot - slots(MAX_LEAD_S), slot - slots(leadS, 1));
    this.fund(w, at, lamports, w.funder);
  }

  private holding(w: SimWallet, role: HoldingRole, fleet: SniperFleet | null = null): Holding {
    const h = new Holding(w, role, fleet);
    h.index = this.holdings.length;
    this.holdings.push(h);
    w.lastLaunch = this.ordinal;
    return h;
  }

  /** An organic trader for this launch at `slot`: a reused one when possible, else a new wallet. */
  private organicHolding(slot: number, role: HoldingRole): Holding {
    const rng = this.rng;
    let w = rng.chance(0.88) ? this.world.organic(rng, slot, this.ordinal) : null;
    if (!w) {
      w = this.world.newWallet(rng, 'organic', null, rng.chance(0.05));
      const amount = w.whale ? rng.range(100, 1500) * SOL : rng.range(0.3, 8) * SOL;
      this.fundNew(w, slot, rng.range(180, 10 * HOUR), amount);
    }
    return this.holding(w, role);
  }

  // ---------------------------------------------------------------- the plan of the curve phase

  private intent(
    slot: number,
    h: Holding,
    side: 'buy' | 'sell',
    amount: number,
    li: number | undefined = undefined,
    scaled = false,
    bot = false,
    withCreate = false,
  ): void {
    this.intents.push({ slot, li, h, side, amount, scaled, bot, withCreate });
  }

  private planLaunch(): void {
    const rng = this.rng;
    const z = this.z;
    const c = this.createSlot;
    const D = this.curveSeconds;
    const creator = this.creator;
    const curveSlots = slots(D, 3);
    const at = (frac: number) => c + Math.max(3, Math.round(curveSlots * frac));

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
        this.fund(creator.funder, preSlot - slots(rng.range(600, 2 * HOUR)), rng.range(60, 600) * SOL, null);
      }
      this.fund(
        cw,
        preSlot,
        budget + rng.range(2, 20) * SOL,
        creator.funder.isExchange ? null : creator.funder,
      );
    } else {
      this.ensure(cw, preSlot, budget);
    }

    const dev = this.holding(cw, 'creator');
    if (devBuys) this.intent(c, dev, 'buy', devSol, 0, false, false, true);

    // Insiders: bundle wallets and other creator-funded wallets, some funded through the funder instead.
    const insiderWallet = (hidden: boolean): SimWallet => {
      const pool = creator.insiders.filter((w) => w.lastLaunch !== this.ordinal);
      const reusable = pool.filter((w) => (w.funder === cw) !== hidden);
      if (reusable.length > 0 && rng.chance(0.7)) return rng.pick(reusable);
      const funder = hidden ? (creator.funder.isExchange ? null : creator.funder) : cw;
      const w = this.world.newWallet(rng, 'insider', funder);
      creator.insiders.push(w);
      return w;
    };
    const fundInsider = (w: SimWallet, lamports: number) => {
      this.fund(w, c - slots(rng.range(60, 2.5 * HOUR), 1), lamports + 0.05 * SOL, w.funder);
    };
    for (let i = 0; i < bundleN; i++) {
      const w = insiderWallet(false);
      const sol = clamp(rng.logNormal(Math.log(1.2) + 0.25 * z, 0.5), 0.2, 5) * SOL;
      fundInsider(w, sol * 1.03 + 0.03 * SOL);
      this.intent(c, this.holding(w, 'bundle'), 'buy', sol, 1 + i, false, true);
    }
    for (let i = 0; i < insiderN; i++) {
      const hidden = rng.chance(0.3);
      const w = insiderWallet(hidden);
      const sol = clamp(rng.logNormal(Math.log(0.9), 0.6), 0.1, 4) * SOL;
      fundInsider(w, sol * 1.03 + 0.03 * SOL);
      const h = this.holding(w, hidden ? 'hidden_insider' : 'insider');
      this.intent(c + slots(rng.range(3, 240), 3), h, 'buy', sol);
    }
    if (devBuys && rng.chance(sigmoid(-2 + 0.6 * z))) {
      this.intent(at(rng.range(0.3, 0.9)), dev, 'sell', rng.range(0.3, 1));
    }

    // Sniper fleets: bot buys in the create slot after the bundle (with gaps) and in the next two.
    const ops = rng.poisson(Math.exp(Math.log(1.15) + 0.25 * (0.5 * z + 0.87 * rng.normal())));
    const usedFleets = new Set<SniperFleet>();
    const bySlot: Holding[][] = [[], [], []];
    for (let o = 0; o < ops; o++) {
      const fleet = this.world.fleet(rng);
      if (usedFleets.has(fleet)) continue;
      usedFleets.add(fleet);
      this.fundFleet(fleet);
      const k = Math.min(fleet.wallets.length, 1 + rng.poisson(0.6));
      const group: Holding[][] = [[], [], []];
      for (let i = 0; i < k; i++) {
        const w = rng.pick(fleet.wallets);
        if (w.lastLaunch === this.ordinal) continue;
        const h = this.holding(w, 'sniper', fleet);
        group[rng.chance(fleet.speed) ? 0 : rng.chance(0.6) ? 1 : 2].push(h);
      }
      for (let s = 0; s < 3; s++) bySlot[s].push(...group[s]);
    }
    let li = bundleN + 2;
    for (const h of bySlot[0]) {
      this.sniperIntents(h, c, li);
      li += 2 + rng.int(3);
    }
    for (let s = 1; s <= 2; s++) {
      let cur = rng.int(6);
      let prev: SniperFleet | null = null;
      for (const h of bySlot[s]) {
        cur = h.fleet === prev ? cur + 1 : cur + 2 + rng.int(3);
        prev = h.fleet;
        this.sniperIntents(h, c + s, cur);
      }
    }

    // The rest of the curve traders.
    const traders = clamp(Math.round(rng.logNormal(Math.log(112), 0.33)), 66, 235);
    const freshShare = clamp(sigmoid(-1.75 + 0.9 * z + 0.45 * rng.normal()), 0, 0.75);
    const freshN = Math.round(traders * freshShare);
    for (let i = 0; i < freshN; i++) {
      const slot = at(rng.float() ** 1.6);
      const w = this.world.newWallet(rng, 'fresh', null);
      const sol = clamp(rng.logNormal(Math.log(0.45) + 0.2 * z, 0.7), 0.05, 5) * SOL;
      this.fundNew(w, slot, rng.range(180, 10 * HOUR), sol * rng.range(2, 6) + 0.1 * SOL);
      const h = this.holding(w, 'fresh');
      this.intent(slot, h, 'buy', sol, undefined, true);
      if (rng.chance(0.25)) this.intent(slot + slots(rng.exp(D * 0.3) + 20, 1), h, 'sell', rng.range(0.3, 1));
    }

    const kolN = rng.poisson(0.4);
    for (let i = 0; i < kolN; i++) {
      const kol = rng.pick(this.world.kols);
      if (kol.wallet.lastLaunch === this.ordinal) continue;
      this.fundKol(kol);
      const h = this.holding(kol.wallet, 'kol');
      if (rng.chance(0.45)) {
        this.intent(
          at(rng.range(0.3, 0.95)),
          h,
          'buy',
          clamp(rng.logNormal(Math.log(1.5), 0.6), 0.2, 8) * SOL,
        );
      }
    }

    if (rng.chance(sigmoid(-1.6 + 0.6 * z))) {
      const washN = rng.intIn(1, 3);
      for (let i = 0; i < washN; i++) {
        let h: Holding;
        if (rng.chance(0.3)) {
          const w = insiderWallet(rng.chance(0.5));
          fundInsider(w, 2 * SOL);
          h = this.holding(w, 'wash');
        } else {
          h = this.organicHolding(at(0.05), 'wash');
        }
        let slot = at(rng.range(0.05, 0.4));
        const trips = rng.intIn(3, 5);
        const pace = Math.min(1, D / 900);
        for (let t = 0; t < trips; t++) {
          this.intent(slot, h, 'buy', clamp(rng.logNormal(Math.log(0.5), 0.5), 0.1, 3) * SOL);
          slot += slots(rng.range(5, 90) * pace, 1);
          this.intent(slot, h, 'sell', 1);
          slot += slots(rng.range(10, 300) * pace, 1);
        }
      }
    }

    const organicN = Math.max(15, traders - this.holdings.length);
    for (let i = 0; i < organicN; i++) {
      let slot = at(rng.float() ** 1.3);
      const h = this.organicHolding(slot, 'organic');
      const whale = h.wallet.whale;
      this.intent(slot, h, 'buy', this.organicSize(whale), undefined, true);
      if (rng.chance(0.1)) {
        this.intent(slot + slots(rng.range(5, 55), 1), h, 'sell', 1);
        continue;
      }
      while (rng.chance(0.35)) {
        slot += slots(rng.exp(0.2 * D) + 20, 1);
        this.intent(slot, h, 'buy', this.organicSize(whale), undefined, true);
      }
      if (rng.chance(0.35)) this.intent(slot + slots(rng.exp(0.3 * D) + 30, 1), h, 'sell', rng.range(0.3, 1));
    }

    // Trades planned past the curve's planned life move to the pool (sells) or are dropped (repeat buys).
    const cutoff = c + slots(D * 1.1, 3);
    const kept: Intent[] = [];
    for (const it of this.intents) {
      if (it.slot <= cutoff) kept.push(it);
      else if (it.side === 'sell') this.deferred.push(it);
    }
    kept.sort((a, b) => a.slot - b.slot || (a.li ?? 1e9) - (b.li ?? 1e9));
    this.intents = kept;
  }

  private organicSize(whale: boolean): number {
    const rng = this.rng;
    const sol = whale
      ? clamp(rng.logNormal(Math.log(3), 0.6), 0.5, 25)
      : clamp(rng.logNormal(Math.log(0.35), 0.9), 0.01, 10);
    return sol * SOL;
  }

  private sniperIntents(h: Holding, slot: number, li: number): void {
    const rng = this.rng;
    const sol = clamp(rng.logNormal(Math.log(0.8), 0.7), 0.1, 5) * SOL;
    this.intent(slot, h, 'buy', sol, li, false, true);
    if (h.fleet && rng.chance(h.fleet.holdChance)) return;
    const sellAt = slot + slots(rng.range(5, 240), 1);
    if (rng.chance(0.2)) {
      this.intent(sellAt, h, 'sell', rng.range(0.3, 0.7), undefined, false, true);
      this.intent(sellAt + slots(rng.range(10, 300), 1), h, 'sell', 1, undefined, false, true);
    } else {
      this.intent(sellAt, h, 'sell', 1, undefined, false, true);
    }
  }

  private fundFleet(fleet: SniperFleet): void {
    if (fleet.funded) return;
    const rng = this.rng;
    fleet.funded = true;
    const c = this.createSlot;
    this.fund(fleet.master, c - slots(rng.range(4 * HOUR, 10 * HOUR)), rng.range(200, 1000) * SOL, null);
    for (const w of fleet.wallets)
      this.fund(w, c - slots(rng.range(600, 3 * HOUR)), rng.range(3, 10) * SOL, fleet.master);
  }

  private fundKol(kol: SimKol): void {
    if (Number.isFinite(kol.wallet.fundedSlot)) return;
    this.fund(
      kol.wallet,
      this.createSlot - slots(this.rng.range(HOUR, 12 * HOUR)),
      this.rng.range(80, 600) * SOL,
      null,
    );
  }

  /**
   * Finds the factor on organic buy sizes that leaves the curve just short of completing after
   * every planned trade (a dry run without events), so every planned trader gets to buy and a few
   * closing buys complete it. Brackets from the previous launch's factor, then bisects to 2 %.
   */
  private tuneScale(): number {
    const intents = this.intents;
    const n = intents.length;
    const tokens = new Float64Array(this.holdings.length);
    const completes = (scale: number): boolean => {
      const curve = new BondingCurve(this.params);
      tokens.fill(0);
      for (let i = 0; i < n; i++) {
        const it = intents[i];
        if (it.side === 'buy') {
          const fill = curve.buy(Math.max(1000, Math.round(it.scaled ? it.amount * scale : it.amount)));
          tokens[it.h.index] += fill.tokenRaw;
          if (curve.complete) return true;
        } else {
          const t = Math.floor(tokens[it.h.index] * it.amount);
          if (t > 0) {
            curve.sell(t);
            tokens[it.h.index] -= t;
          }
        }
      }
      return false;
    };
    const min = 0.02;
    const max = 80;
    let lo = this.world.lastScale;
    let hi = lo;
    if (completes(lo)) {
      do {
        hi = lo;
        lo = hi / 1.5;
      } while (lo > min && completes(lo));
      if (lo <= min) return min;
    } else {
      do {
        lo = hi;
        hi = lo * 1.5;
      } while (hi < max && !completes(hi));
      if (hi >= max) return max;
    }
    while (hi / lo > 1.02) {
      const mid = Math.sqrt(lo * hi);
      if (completes(mid)) hi = mid;
      else lo = mid;
    }
    this.world.lastScale = lo;
    return lo * 0.98;
  }

  // ---------------------------------------------------------------- curve trading with events

  private noteTrade(h: Holding, slot: number): void {
    const w = h.wallet;
    if (h.firstBuySlot < 0) {
      h.firstBuySlot = slot;
      h.fresh =
        w.firstTradeSlot > slot && Number.isFinite(w.fundedSlot) && slot - w.fundedSlot <= FRESH_MAX_SLOTS;
      if (h.role === 'organic' || h.role === 'wash') this.world.noteOrganic(w);
    }
    if (slot < w.firstTradeSlot) w.firstTradeSlot = slot;
  }

  private curveBuy(
    curve: BondingCurve,
    it: Intent,
    sol: number,
    signature: string | undefined,
    createFee: number,
  ): void {
    const h = it.h;
    const w = h.wallet;
    const fee = signature ? createFee : this.fee(it.bot);
    const estimate = sol * 1.02 + fee + 0.01 * SOL;
    if (!Number.isFinite(w.fundedSlot))
      this.fundNew(w, it.slot, this.rng.range(180, 10 * HOUR), estimate * 2);
    else if (w.lamports < estimate) this.ensure(w, it.slot - slots(this.rng.range(20, 900), 1), estimate);
    const fill = curve.buy(sol);
    if (fill.tokenRaw <= 0) return;
    this.noteTrade(h, it.slot);
    h.tokens += fill.tokenRaw;
    w.lamports -= fill.solLamports + fill.feeLamports + fee;
    this.tape.curveTrade(
      it.slot,
      it.li,
      signature ?? null,
      fee,
      w.address,
      'buy',
      fill.solLamports,
      fill.tokenRaw,
      curve.virtualSol,
      curve.virtualToken,
    );
  }

  private curveSell(curve: BondingCurve, it: Intent, tokens: number): void {
    const h = it.h;
    const fee = this.fee(it.bot);
    const fill = curve.sell(tokens);
    this.noteTrade(h, it.slot);
    h.tokens -= fill.tokenRaw;
    h.sells++;
    h.wallet.lamports += fill.solLamports - fill.feeLamports - fee;
    this.tape.curveTrade(
      it.slot,
      it.li,
      null,
      fee,
      h.wallet.address,
      'sell',
      fill.solLamports,
      fill.tokenRaw,
      curve.virtualSol,
      curve.virtualToken,
    );
  }

  // ---------------------------------------------------------------- what the builder will see

  private observe(freezeActive: boolean, devSold: boolean, migSlot: number): LaunchObservables {
    const supply = this.params.supplyRaw;
    const c = this.createSlot;
    let insiders = 0;
    let bundled = 0;
    let snipers = 0;
    let fresh = 0;
    let dev = 0;
    let hidden = 0;
    const held: number[] = [];
    for (const h of this.holdings) {
      if (h.firstBuySlot < 0) continue;
      const t = Math.max(0, h.tokens);
      if (t > 0) held.push(t);
      if (h.insider) insiders += t;
      else if (h.firstBuySlot <= c + 2) snipers += t;
      if (h.role === 'bundle') bundled += t;
      if (h.role === 'creator') dev += t;
      if (h.role === 'hidden_insider') hidden += t;
      if (h.fresh) fresh += t;
    }
    held.sort((a, b) => b - a);
    let top10 = 0;
    for (let i = 0; i < Math.min(10, held.length); i++) top10 += held[i];
    let settled = 0;
    let rugs = 0;
    for (const l of this.creator.launches) {
      if (l.settledSlot > migSlot) continue;
      settled++;
      if (l.rugged) rugs++;
    }
    const pct = (x: number) => (100 * x) / supply;
    return {
      insidersPct: pct(insiders),
      bundledPct: pct(bundled),
      snipersPct: pct(snipers),
      freshPct: pct(fresh),
      devPct: pct(dev),
      top10Pct: pct(top10),
      devSold,
      freezeActive,
      creatorSettled: settled,
      creatorRugs: rugs,
      hiddenInsiderPct: pct(hidden),
    };
  }

  // ---------------------------------------------------------------- the pool phase

  private poolPhase(
    pool: ConstantProductPool,
    path: LaunchPath,
    migSlot: number,
    leftovers: readonly Intent[],
  ): void {
    const rng = this.rng;
    const actions: PoolAction[] = [];
    const after = (s: number) => migSlot + slots(s, 1);
    const add = (
      slot: number,
      kind: PoolAction['kind'],
      h: Holding | null,
      amount: number,
      guarded = false,
    ) => actions.push({ slot, kind, h, amount, guarded });

    for (let i = 0; i < path.trades; i++) {
      const u = rng.float();
      const s = u < 0.5 ? rng.exp(900) : u < 0.85 ? rng.exp(2.5 * HOUR) : rng.range(0, 24 * HOUR);
      if (s < 24 * HOUR) add(after(s), 'path', null, 0);
    }
    for (const it of leftovers) {
      if (it.side === 'sell') add(Math.max(it.slot, migSlot + 1), 'sell', it.h, it.amount, true);
    }
    for (const h of this.holdings) {
      if (h.tokens <= 0) continue;
      if (h.role === 'sniper' && h.sells === 0) add(after(rng.range(5, 900)), 'sell', h, 1, true);
      if (!path.rug && h.scamSide && rng.chance(0.6)) {
        add(after(rng.range(1800, 20 * HOUR)), 'sell', h, rng.range(0.2, 0.7), true);
      }
    }
    for (const h of this.holdings) {
      if (h.role !== 'kol') continue;
      const kol = this.world.kols.find((k) => k.wallet === h.wallet)!;
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
      this.poolTrade(pool, slot, h, side, amount);
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
        floor = this.collapse(
          pool,
          path,
          () => peak,
          now,
          last,
          (s) => {
            now = s;
          },
        );
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
        const h = this.poolBuyer(Math.max(a.slot, now));
        const cap = (h.wallet.whale ? 40 : 6) * (path.type === 'runner' ? 2 : 1) * SOL;
        const sol = noise
          ? clamp(rng.logNormal(Math.log(0.25), 0.9), 0.02, 5) * SOL
          : clamp(pool.solToMove(Math.exp(rng.range(0.25, 0.7) * gap)), 0.02 * SOL, cap);
        trade(a.slot, h, 'buy', sol);
      } else {
        const h = this.poolSeller(path.rug && !collapsed);
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
  private collapse(
    pool: ConstantProductPool,
    path: LaunchPath,
    peak: () => number,
    start: number,
    last: number,
    setNow: (slot: number) => void,
  ): number {
    const rng = this.rng;
    const spacing = path.type === 'hard_rug' ? [1, 6] : path.type === 'pump_and_dump' ? [2, 20] : [5, 60];
    let slot = start;
    const sell = (h: Holding, share: number) => {
      const tokens = Math.floor(h.tokens * share);
      if (tokens <= 0) return;
      slot += slots(rng.range(spacing[0], spacing[1]), 1);
      if (slot <= last) this.poolTrade(pool, slot, h, 'sell', tokens);
    };
    const side = this.holdings.filter((h) => h.scamSide && h.tokens > 0).sort((a, b) => b.tokens - a.tokens);
    for (const h of side) sell(h, h.role === 'fresh' ? rng.range(0.8, 1) : 1);
    const target = path.floorShare * peak();
    const others = this.holdings.filter((h) => h.tokens > 0).sort((a, b) => b.tokens - a.tokens);
    for (let i = 0; i < others.length && pool.price > target; i++) sell(others[i], rng.range(0.6, 1));
    setNow(slot);
    return pool.price;
  }

  private poolBuyer(slot: number): Holding {
    const rng = this.rng;
    const u = rng.float();
    if (u < 0.2) {
      for (let tries = 0; tries < 3; tries++) {
        const h = this.holdings[rng.int(this.holdings.length)];
        if (h.role === 'organic' || h.role === 'kol' || h.role === 'wash') return h;
      }
    }
    if (u < 0.75) {
      const w = this.world.organic(rng, slot, this.ordinal);
      if (w) return this.holding(w, 'organic');
    }
    const w = this.world.newWallet(rng, 'organic', null, rng.chance(0.05));
    this.fundNew(
      w,
      slot,
      rng.range(120, 6 * HOUR),
      w.whale ? rng.range(100, 1500) * SOL : rng.range(0.5, 10) * SOL,
    );
    return this.holding(w, 'organic');
  }

  /** A holder to sell (tournament of three, weighted by position; the creator's side waits before a rug). */
  private poolSeller(rugPending: boolean): Holding | null {
    const rng = this.rng;
    const n = this.holdings.length;
    let best: Holding | null = null;
    let bestWeight = 0;
    for (let i = 0; i < 6; i++) {
      const h = this.holdings[rng.int(n)];
      if (h.tokens <= 0) continue;
      const weight = h.tokens * (rugPending && h.scamSide ? 0.1 : h.role === 'sniper' ? 3 : 1);
      if (weight > bestWeight) {
        best = h;
        bestWeight = weight;
      }
    }
    return best;
  }

  private poolTrade(
    pool: ConstantProductPool,
    slot: number,
    h: Holding,
    side: 'buy' | 'sell',
    amount: number,
  ): void {
    const w = h.wallet;
    const fee = this.fee(false);
    if (side === 'buy') {
      const need = amount + fee + 0.01 * SOL;
      if (!Number.isFinite(w.fundedSlot)) this.fundNew(w, slot, this.rng.range(120, 6 * HOUR), need * 2);
      else if (w.lamports < need) this.ensure(w, slot - slots(this.rng.range(20, 900), 1), need);
      const fill = pool.buy(amount);
      if (fill.tokenRaw <= 0) return;
      this.noteTrade(h, slot);
      h.tokens += fill.tokenRaw;
      w.lamports -= fill.solLamports + fee;
      this.tape.poolTrade(slot, fee, w.address, 'buy', fill.solLamports, fill.tokenRaw, pool.sol, pool.token);
    } else {
      const tokens = Math.min(Math.floor(amount), h.tokens);
      if (tokens <= 0) return;
      const fill = pool.sell(tokens);
      this.noteTrade(h, slot);
      h.tokens -= fill.tokenRaw;
      h.sells++;
      w.lamports += fill.solLamports - fee;
      this.tape.poolTrade(
        slot,
        fee,
        w.address,
        'sell',
        fill.solLamports,
        fill.tokenRaw,
        pool.sol,
        pool.token,
      );
    }
  }
}
