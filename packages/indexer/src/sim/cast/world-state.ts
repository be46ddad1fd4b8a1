import { IndexerError } from '../../indexer-error.js';
import { randomAddress } from '../random/random-address.js';
import { Sfc32 } from '../random/sfc32.js';
import { kolRegistry } from './kol-registry.js';
import type { SimCreator } from './sim-creator.js';
import type { SimKol } from './sim-kol.js';
import { SimWallet, type WalletKind } from './sim-wallet.js';
import type { SniperFleet } from './sniper-fleet.js';

/** Recent organic trades kept for reuse; a wallet's chance to trade again grows with its trades. */
const RING_SIZE = 160_000;
const FLEETS = 36;
const KOLS = 60;
/** A new launch comes from a new creator with this chance, so creators average 1/0.37 ≈ 2.7 tokens. */
const NEW_CREATOR = 0.37;
/** Creators are drawn from the launches of the last ~30 days (at 200 a day), so old creators retire. */
const CREATOR_URN_SIZE = 6000;

/**
 * The populations every launch draws from: exchanges, creators (chosen in proportion to their
 * recent launches, a Yule–Simon process with a heavy tail), sniper fleets (Zipf-weighted), organic
 * traders (reused in proportion to their recent trades) and KOLs.
 */
export class WorldState {
  readonly exchanges: readonly SimWallet[];
  readonly kols: readonly SimKol[];
  readonly fleets: readonly SniperFleet[];
  private readonly fleetWeights: Float64Array;
  private readonly creatorUrn: SimCreator[] = [];
  private creatorPos = 0;
  private readonly ring: SimWallet[] = [];
  private ringPos = 0;
  /** The last launch's organic size factor: the next launch's first guess. */
  lastScale = 1;

  constructor(seed: number, exchanges: readonly { address: string }[]) {
    if (exchanges.length === 0) {
      throw new IndexerError(
        'sim_invalid_options',
        'the simulator needs at least one known exchange address',
      );
    }
    const rng = new Sfc32(seed, 0x3011d);
    this.exchanges = exchanges.map((e) => {
      const w = new SimWallet(e.address, 'exchange');
      w.fundedSlot = Number.NEGATIVE_INFINITY;
      w.lamports = Number.POSITIVE_INFINITY;
      return w;
    });
    this.kols = kolRegistry(rng, KOLS);
    const fleets: SniperFleet[] = [];
    const weights = new Float64Array(FLEETS);
    let total = 0;
    for (let i = 0; i < FLEETS; i++) {
      const master = new SimWallet(randomAddress(rng), 'fleet_master', null);
      const size = rng.intIn(3, 12 + Math.round(28 / (1 + i / 4)));
      const wallets: SimWallet[] = [];
      for (let k = 0; k < size; k++) wallets.push(new SimWallet(randomAddress(rng), 'sniper', master));
      fleets.push({
        master,
        wallets,
        speed: rng.range(0.35, 0.95),
        holdChance: rng.range(0.05, 0.3),
        funded: false,
      });
      total += 1 / (i + 1) ** 0.8;
      weights[i] = total;
    }
    this.fleets = fleets;
    this.fleetWeights = weights.map((w) => w / total);
  }

  exchange(rng: Sfc32): SimWallet {
    return this.exchanges[rng.int(this.exchanges.length)];
  }

  fleet(rng: Sfc32): SniperFleet {
    const u = rng.float();
    let i = 0;
    while (i < this.fleetWeights.length - 1 && this.fleetWeights[i] < u) i++;
    return this.fleets[i];
  }

  /**
   * An existing creator (chosen in proportion to its recent launches, damped by √(20/n) past 20
   * launches so no creator runs away with the history), or null when a new one is due.
   */
  existingCreator(rng: Sfc32): SimCreator | null {
    if (this.creatorUrn.length === 0 || rng.chance(NEW_CREATOR)) return null;
    for (let tries = 0; tries < 4; tries++) {
      const c = this.creatorUrn[rng.int(this.creatorUrn.length)];
      const n = c.launches.length;
      if (n <= 20 || rng.chance(Math.sqrt(20 / n))) return c;
    }
    return null;
  }

  noteCreatorLaunch(creator: SimCreator): void {
    if (this.creatorUrn.length < CREATOR_URN_SIZE) this.creatorUrn.push(creator);
    else {
      this.creatorUrn[this.creatorPos] = creator;
      this.creatorPos = (this.creatorPos + 1) % CREATOR_URN_SIZE;
    }
  }

  /** A recent organic trader usable at `slot` that has not joined launch `ordinal`, or null. */
  organic(rng: Sfc32, slot: number, ordinal: number): SimWallet | null {
    const n = this.ring.length;
    if (n === 0) return null;
    for (let tries = 0; tries < 4; tries++) {
      const w = this.ring[rng.int(n)];
      if (w.lastLaunch !== ordinal && w.fundedSlot < slot - 2) return w;
    }
    return null;
  }

  noteOrganic(w: SimWallet): void {
    if (this.ring.length < RING_SIZE) this.ring.push(w);
    else {
      this.ring[this.ringPos] = w;
      this.ringPos = (this.ringPos + 1) % RING_SIZE;
    }
  }

  newWallet(rng: Sfc32, kind: WalletKind, funder: SimWallet | null, whale = false): SimWallet {
    return new SimWallet(randomAddress(rng), kind, funder, whale);
  }
}
