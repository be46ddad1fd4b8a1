import type { CreateEvent, MigrationEvent } from '../events/chain-event.js';
import { CostBasis } from './cost-basis.js';

/** One wallet's trading of one token (curve, then pool). */
export interface TraderState {
  firstBuySlot: number;
  firstBuyTxIndex: number;
  firstBuyAt: number;
  firstAt: number;
  lastAt: number;
  buys: number;
  sells: number;
  boughtRaw: number;
  soldRaw: number;
  boughtLamports: number;
  soldLamports: number;
  realizedLamports: number;
  balanceRaw: number;
  lastBuyAt: number;
  scalpSoldLamports: number;
  entryMcapWeighted: number;
  readonly cost: CostBasis;
  /** The wallet's id in the WalletBook. */
  readonly id: number;
  readonly wallet: string;
  /** Order of first appearance in the launch (stable ids for union-find and ties). */
  readonly seq: number;
}

/**
 * A trader with nothing recorded yet, as an object literal rather than `new` of a class: V8 then
 * follows how long the objects of this one allocation site live, and since traders live until their
 * launch settles it allocates them straight in the old space instead of copying each out of the
 * young one (pretenuring; the replay's main thread at 24k launches: 2.1–2.2 s of scavenges instead
 * of 7.2–8.8 s, bench/RESULTS.md). Trader state was 76 % of what that thread promoted.
 */
function newTrader(id: number, wallet: string, seq: number): TraderState {
  return {
    firstBuySlot: -1,
    firstBuyTxIndex: -1,
    firstBuyAt: -1,
    firstAt: -1,
    lastAt: -1,
    buys: 0,
    sells: 0,
    boughtRaw: 0,
    soldRaw: 0,
    boughtLamports: 0,
    soldLamports: 0,
    realizedLamports: 0,
    balanceRaw: 0,
    lastBuyAt: -1,
    scalpSoldLamports: 0,
    entryMcapWeighted: 0,
    cost: new CostBasis(),
    id,
    wallet,
    seq,
  };
}

export interface TradeInput {
  readonly side: 'buy' | 'sell';
  readonly token_raw: number;
  readonly sol_lamports: number;
  readonly at: number;
  readonly slot: number;
  readonly tx_index: number;
}

/** What a trade did to the wallet's position. */
export interface TradeEffect {
  readonly trader: TraderState;
  readonly realizedLamports: number;
  readonly costLamports: number;
}

/** Everything seen of one launch: its curve phase up to migration, then its pool phase. */
export class LaunchState {
  /** Traders by wallet id. */
  readonly traders = new Map<number, TraderState>();
  readonly signatures = new Set<string>();
  feeLamports = 0;
  buyLamports = 0;
  sellLamports = 0;
  mintAuthority: 'revoked' | 'active' | null = null;
  freezeAuthority: 'revoked' | 'active' | null = null;
  readonly transfers: { from: number; to: number; raw: number }[] = [];
  migration: MigrationEvent | null = null;
  /** Traders seen before migration (their `seq` is below this); pool-only traders come after. */
  curveTraders = 0;
  analysisMcapUsd = 0;
  /** Pool-phase price series: trade time and market cap / price / liquidity in USD after it. */
  readonly poolAt: number[] = [];
  readonly poolMcap: number[] = [];
  readonly poolPrice: number[] = [];
  readonly poolLiquidity: number[] = [];

  constructor(
    readonly create: CreateEvent,
    /** The creator's wallet id. */
    readonly creatorId: number,
  ) {
    this.countTx(create.signature, create.fee_lamports);
  }

  get migrated(): boolean {
    return this.migration !== null;
  }

  countTx(signature: string, fee: number): void {
    if (this.migration || this.signatures.has(signature)) return;
    this.signatures.add(signature);
    this.feeLamports += fee;
  }

  trader(id: number, wallet: string): TraderState {
    let t = this.traders.get(id);
    if (!t) {
      t = newTrader(id, wallet, this.traders.size);
      this.traders.set(id, t);
    }
    return t;
  }

  recordTrade(t: TraderState, e: TradeInput, mcapUsd: number, scalpMaxHoldMs: number): TradeEffect {
    const curve = this.migration === null;
    if (t.firstAt < 0) t.firstAt = e.at;
    t.lastAt = e.at;
    if (e.side === 'buy') {
      if (t.buys === 0) {
        t.firstBuySlot = e.slot;
        t.firstBuyTxIndex = e.tx_index;
        t.firstBuyAt = e.at;
      }
      t.buys++;
      t.boughtRaw += e.token_raw;
      t.boughtLamports += e.sol_lamports;
      t.balanceRaw += e.token_raw;
      t.lastBuyAt = e.at;
      t.entryMcapWeighted += mcapUsd * e.sol_lamports;
      t.cost.buy(e.token_raw, e.sol_lamports);
      if (curve) this.buyLamports += e.sol_lamports;
      return { trader: t, realizedLamports: 0, costLamports: 0 };
    }
    t.sells++;
    t.soldRaw += e.token_raw;
    t.soldLamports += e.sol_lamports;
    t.balanceRaw -= e.token_raw;
    const { realized, cost } = t.cost.sell(e.token_raw, e.sol_lamports);
    t.realizedLamports += realized;
    if (curve) {
      this.sellLamports += e.sol_lamports;
      if (t.lastBuyAt >= 0 && e.at - t.lastBuyAt <= scalpMaxHoldMs) t.scalpSoldLamports += e.sol_lamports;
    }
    return { trader: t, realizedLamports: realized, costLamports: cost };
  }

  recordTransfer(from: TraderState, to: TraderState, raw: number): void {
    from.balanceRaw -= raw;
    to.balanceRaw += raw;
    if (!this.migration) this.transfers.push({ from: from.id, to: to.id, raw });
  }

  recordPoolPrice(at: number, mcapUsd: number, priceUsd: number, liquidityUsd: number): void {
    this.poolAt.push(at);
    this.poolMcap.push(mcapUsd);
    this.poolPrice.push(priceUsd);
    this.poolLiquidity.push(liquidityUsd);
  }
}
