import type { LaunchTape } from '../launch/launch-tape.js';
import type { CurveParams } from '../market/curve-params.js';
import type { Sfc32 } from '../random/sfc32.js';
import type { SimEnvironment } from '../sim-environment.js';
import { SlotClock } from '../slot-clock.js';
import { Holding, type HoldingRole } from './holding.js';
import type { SimCreator } from './sim-creator.js';
import type { SimKol } from './sim-kol.js';
import type { SimWallet } from './sim-wallet.js';
import type { SniperFleet } from './sniper-fleet.js';
import type { WorldState } from './world-state.js';

export const SOL = 1_000_000_000;
export const HOUR = 3600;
/** Every funding transfer of a launch lies at most this long before its create (the merge relies on it). */
export const MAX_LEAD_S = 14 * HOUR;
const FRESH_MAX_SLOTS = SlotClock.slots(24 * HOUR);
const TX_FEE = 5000;

const slots = (seconds: number, min = 0) => SlotClock.slots(seconds, min);

/**
 * Who takes part in one simulated launch and how they get their SOL: the launch's holdings (one per
 * wallet), its creator, funding transfers with top-ups through each wallet's funder, and fees. Every
 * phase of the launch draws from the same seeded stream, in a fixed order.
 */
export class LaunchActors {
  readonly holdings: Holding[] = [];
  creator!: SimCreator;

  constructor(
    readonly world: WorldState,
    readonly env: SimEnvironment,
    readonly rng: Sfc32,
    readonly tape: LaunchTape,
    readonly params: CurveParams,
    readonly ordinal: number,
    readonly createSlot: number,
  ) {}

  pickCreator(): void {
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

  fee(bot: boolean): number {
    const rng = this.rng;
    if (bot) return TX_FEE + rng.intIn(1_000_000, 20_000_000);
    return TX_FEE + Math.round(Math.min(2_000_000, rng.logNormal(Math.log(20_000), 1.0)));
  }

  /** Sends SOL from `from` (an exchange when null) to `to` at `slot`. */
  fund(to: SimWallet, when: number, lamports: number, from: SimWallet | null): void {
    const slot = Math.max(when, this.createSlot - slots(MAX_LEAD_S), this.env.startSlot);
    const src = from ?? this.world.exchange(this.rng);
    const amount = Math.round(lamports);
    if (!src.isExchange) this.ensure(src, slot - slots(this.rng.range(60, 1800), 1), amount + TX_FEE);
    this.tape.transfer(slot, src, to, amount, TX_FEE);
    if (!src.isExchange) src.lamports -= amount + TX_FEE;
    to.lamports += amount;
    if (slot < to.fundedSlot) to.fundedSlot = slot;
  }

  /** Tops `w` up from its funder when it holds less than `need` lamports. */
  ensure(w: SimWallet, slot: number, need: number): void {
    if (w.isExchange || w.lamports >= need) return;
    const rng = this.rng;
    let at = slot;
    if (Number.isFinite(w.fundedSlot) && at <= w.fundedSlot) at = w.fundedSlot + 1;
    const big = w.kind === 'funder' || w.kind === 'fleet_master' ? rng.range(50, 400) : rng.range(0.5, 6);
    this.fund(w, at, need - w.lamports + big * SOL, w.funder);
  }

  /** First funding of a wallet that has never been funded, `leadS` before `slot`. */
  fundNew(w: SimWallet, slot: number, leadS: number, lamports: number): void {
    if (Number.isFinite(w.fundedSlot)) return;
    const at = Math.max(this.createSlot - slots(MAX_LEAD_S), slot - slots(leadS, 1));
    this.fund(w, at, lamports, w.funder);
  }

  holding(w: SimWallet, role: HoldingRole, fleet: SniperFleet | null = null): Holding {
    const h = new Holding(w, role, fleet);
    h.index = this.holdings.length;
    this.holdings.push(h);
    w.lastLaunch = this.ordinal;
    return h;
  }

  /** An organic trader for this launch at `slot`: a reused one when possible, else a new wallet. */
  organicHolding(slot: number, role: HoldingRole): Holding {
    const rng = this.rng;
    let w = rng.chance(0.88) ? this.world.organic(rng, slot, this.ordinal) : null;
    if (!w) {
      w = this.world.newWallet(rng, 'organic', null, rng.chance(0.05));
      const amount = w.whale ? rng.range(100, 1500) * SOL : rng.range(0.3, 8) * SOL;
      this.fundNew(w, slot, rng.range(180, 10 * HOUR), amount);
    }
    return this.holding(w, role);
  }

  fundFleet(fleet: SniperFleet): void {
    if (fleet.funded) return;
    const rng = this.rng;
    fleet.funded = true;
    const c = this.createSlot;
    this.fund(fleet.master, c - slots(rng.range(4 * HOUR, 10 * HOUR)), rng.range(200, 1000) * SOL, null);
    for (const w of fleet.wallets)
      this.fund(w, c - slots(rng.range(600, 3 * HOUR)), rng.range(3, 10) * SOL, fleet.master);
  }

  fundKol(kol: SimKol): void {
    if (Number.isFinite(kol.wallet.fundedSlot)) return;
    this.fund(
      kol.wallet,
      this.createSlot - slots(this.rng.range(HOUR, 12 * HOUR)),
      this.rng.range(80, 600) * SOL,
      null,
    );
  }

  /** Records a trade of `h` at `slot`: its first buy, freshness by the builder's rule, organic reuse. */
  noteTrade(h: Holding, slot: number): void {
    const w = h.wallet;
    if (h.firstBuySlot < 0) {
      h.firstBuySlot = slot;
      h.fresh =
        w.firstTradeSlot > slot && Number.isFinite(w.fundedSlot) && slot - w.fundedSlot <= FRESH_MAX_SLOTS;
      if (h.role === 'organic' || h.role === 'wash') this.world.noteOrganic(w);
    }
    if (slot < w.firstTradeSlot) w.firstTradeSlot = slot;
  }
}
