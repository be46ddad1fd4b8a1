import type { OracleRow } from '@launchlens/engine/internal';
import { HOUR, LaunchActors, SOL } from '../cast/launch-actors.js';
import type { WorldState } from '../cast/world-state.js';
import { BondingCurve } from '../market/bonding-curve.js';
import { ConstantProductPool } from '../market/constant-product-pool.js';
import { CURVE_PARAMS } from '../market/curve-params.js';
import { tuneCurveScale } from '../market/tune-curve-scale.js';
import { randomAddress } from '../random/random-address.js';
import { Sfc32 } from '../random/sfc32.js';
import type { SimEnvironment } from '../sim-environment.js';
import { SlotClock } from '../slot-clock.js';
import { LaunchTape } from './launch-tape.js';
import { observeLaunch } from './observe-launch.js';
import { type CurveIntent, planCurvePhase } from './plan-curve-phase.js';
import { type LaunchType, planLaunchPath } from './plan-launch-path.js';
import { rugProbability } from './rug-probability.js';
import { simulatePoolPhase } from './simulate-pool-phase.js';
import type { TapeOutput } from './tape-output.js';
import { tokenName } from './token-name.js';

const DAY_SLOTS = SlotClock.slots(24 * HOUR);

const slots = (seconds: number, min = 0) => SlotClock.slots(seconds, min);
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

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

/**
 * Simulates one launch from its first funding to 24 h after its migration: plans its curve traders,
 * runs the curve to completion, migrates, draws its hidden launch type from the true rug
 * probability of what the builder will see, then runs the pool phase.
 */
export function simulateLaunch(world: WorldState, env: SimEnvironment, spec: LaunchSpec): SimulatedLaunch {
  const rng = new Sfc32(env.seed, spec.ordinal + 1);
  const createSlot = spec.createSlot;
  const p = CURVE_PARAMS[rng.chance(0.75) ? 'pumpfun' : 'letsbonk'];
  const mint = randomAddress(rng, p.mintSuffix);
  const poolAddress = randomAddress(rng);
  const signatures = new Sfc32(env.seed, -1 - spec.ordinal);
  const tape = new LaunchTape(rng, signatures, env.clock, env.endSlot, mint, poolAddress);
  const actors = new LaunchActors(world, env, rng, tape, p, spec.ordinal, createSlot);

  const curveAddress = randomAddress(rng);
  const { name, symbol } = tokenName(rng);
  actors.pickCreator();
  const creator = actors.creator;
  const z = 0.75 * creator.scam + 0.66 * rng.normal();
  const untilEndS = (env.endSlot - createSlot) * 0.4;
  const curveSeconds = clamp(rng.logNormal(Math.log(900), 1.3), 8, Math.min(8 * HOUR, 0.8 * untilEndS));

  const plan = planCurvePhase(actors, z, curveSeconds);
  const scale = tuneCurveScale(plan.intents, actors.holdings.length, p, world);

  const createSig = tape.signature();
  const createFee = actors.fee(false);
  tape.create(
    createSlot,
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
  tape.authority(createSlot, createSig, createFee, creator.wallet.address, 'mint', null);
  tape.authority(
    createSlot,
    createSig,
    createFee,
    creator.wallet.address,
    'freeze',
    freezeActive ? creator.wallet.address : null,
  );

  const curve = new BondingCurve(p);
  const leftovers: CurveIntent[] = plan.deferred;
  let completedSlot = -1;
  let devSold = false;
  for (const it of plan.intents) {
    if (completedSlot >= 0) {
      leftovers.push(it);
      continue;
    }
    if (it.side === 'buy') {
      const sol = Math.max(1000, Math.round(it.scaled ? it.amount * scale : it.amount));
      curveBuy(actors, curve, it, sol, it.withCreate ? createSig : undefined, createFee);
      if (curve.complete) completedSlot = it.slot;
    } else {
      const tokens = Math.floor(it.h.tokens * it.amount);
      if (tokens <= 0) continue;
      curveSell(actors, curve, it, tokens);
      if (it.h.role === 'creator') devSold = true;
    }
  }
  let slot = completedSlot >= 0 ? completedSlot : (plan.intents.at(-1)?.slot ?? createSlot);
  while (!curve.complete) {
    slot += slots(rng.exp(Math.min(30, Math.max(2, curveSeconds / 40))), 1);
    const h = actors.organicHolding(slot, 'organic');
    const it: CurveIntent = {
      slot,
      li: undefined,
      h,
      side: 'buy',
      amount: rng.range(0.5, 4) * SOL,
      scaled: false,
      bot: false,
      withCreate: false,
    };
    curveBuy(actors, curve, it, it.amount, undefined, 0);
  }
  completedSlot = slot;

  const migSlot = completedSlot + rng.intIn(1, 12);
  const pool = new ConstantProductPool(
    curve.realSol - p.migrationFeeLamports,
    p.supplyRaw - p.curveTokenRaw,
    p.poolLpFeeBps,
    p.poolProtocolFeeBps,
  );
  tape.migration(migSlot, env.migrators[p.platform], p.venue, pool.sol, pool.token);

  const observables = observeLaunch({
    holdings: actors.holdings,
    creator,
    supplyRaw: p.supplyRaw,
    createSlot,
    migrationSlot: migSlot,
    freezeActive,
    devSold,
  });
  const probability = rugProbability(observables, spec.timelineFrac, rng.normal());
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
  simulatePoolPhase(actors, pool, path, migSlot, leftovers);

  creator.launches.push({ settledSlot: migSlot + DAY_SLOTS, rugged: rug });
  world.noteCreatorLaunch(creator);
  return {
    tape: tape.finish(),
    oracle: { mint, launch_type: type, rug_probability: probability },
  };
}

function curveBuy(
  actors: LaunchActors,
  curve: BondingCurve,
  it: CurveIntent,
  sol: number,
  signature: string | undefined,
  createFee: number,
): void {
  const h = it.h;
  const w = h.wallet;
  const fee = signature ? createFee : actors.fee(it.bot);
  const estimate = sol * 1.02 + fee + 0.01 * SOL;
  if (!Number.isFinite(w.fundedSlot))
    actors.fundNew(w, it.slot, actors.rng.range(180, 10 * HOUR), estimate * 2);
  else if (w.lamports < estimate) actors.ensure(w, it.slot - slots(actors.rng.range(20, 900), 1), estimate);
  const fill = curve.buy(sol);
  if (fill.tokenRaw <= 0) return;
  actors.noteTrade(h, it.slot);
  h.tokens += fill.tokenRaw;
  w.lamports -= fill.solLamports + fill.feeLamports + fee;
  actors.tape.curveTrade(
    it.slot,
    it.li,
    signature ?? null,
    fee,
    w,
    'buy',
    fill.solLamports,
    fill.tokenRaw,
    curve.virtualSol,
    curve.virtualToken,
  );
}

function curveSell(actors: LaunchActors, curve: BondingCurve, it: CurveIntent, tokens: number): void {
  const h = it.h;
  const fee = actors.fee(it.bot);
  const fill = curve.sell(tokens);
  actors.noteTrade(h, it.slot);
  h.tokens -= fill.tokenRaw;
  h.sells++;
  h.wallet.lamports += fill.solLamports - fill.feeLamports - fee;
  actors.tape.curveTrade(
    it.slot,
    it.li,
    null,
    fee,
    h.wallet,
    'sell',
    fill.solLamports,
    fill.tokenRaw,
    curve.virtualSol,
    curve.virtualToken,
  );
}
