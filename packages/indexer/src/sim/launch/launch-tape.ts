import type { Platform } from '@launchlens/engine/internal';
import type { EventBatchEncoder } from '../../dataset/event-batch-encoder.js';
import type { ChainEvent } from '../../events/chain-event.js';
import { type AddressHandle, addressHandle } from '../address-handle.js';
import { randomSignature } from '../random/random-signature.js';
import type { Sfc32 } from '../random/sfc32.js';
import type { SlotClock } from '../slot-clock.js';
import { AUTO_TX, orderTapeEvents } from './order-tape-events.js';
import * as Kind from './tape-event-kinds.js';
import { type TapeColumns, TapeOutput } from './tape-output.js';

/** The second address of events that have one only. */
const NO_ADDRESS = addressHandle('');

/**
 * Records one launch's events as the simulator produces them (not in time order), then sorts them
 * by (slot, tx index). Events that need a position inside their slot (the create, its bundle, the
 * snipers) carry an explicit tx index; every other event is placed after them, in generation order,
 * with gaps of 2–5 so unrelated buys never look like a same-slot run (each such event is its own
 * transaction; only explicit ones share one, e.g. the create and the dev buy). Events after
 * `endSlot` are dropped (the history ends there). Signatures of single-event transactions are drawn
 * when the event is emitted, from the tape's own stream, so they follow the sorted order.
 */
export class LaunchTape implements TapeColumns {
  private n = 0;
  private kinds = new Uint8Array(512);
  private slots = new Float64Array(512);
  private txs = new Float64Array(512);
  private fees = new Float64Array(512);
  private n1 = new Float64Array(512);
  private n2 = new Float64Array(512);
  private n3 = new Float64Array(512);
  private n4 = new Float64Array(512);
  private readonly w1: AddressHandle[] = [];
  private readonly w2: AddressHandle[] = [];
  private readonly mint: AddressHandle;
  private readonly pool: AddressHandle;
  /** The few events that share a transaction carry their signature; the rest get one when emitted. */
  private readonly signatures = new Map<number, string>();
  private readonly others = new Map<number, ChainEvent>();
  private auto = AUTO_TX;

  constructor(
    private readonly rng: Sfc32,
    private readonly signatureRng: Sfc32,
    private readonly clock: SlotClock,
    private readonly endSlot: number,
    mint: string,
    pool: string,
  ) {
    this.mint = addressHandle(mint);
    this.pool = addressHandle(pool);
  }

  get size(): number {
    return this.n;
  }

  /** A signature for a transaction of several events (drawn now, from the generation stream). */
  signature(): string {
    return randomSignature(this.rng);
  }

  private push(
    kind: number,
    slot: number,
    tx: number,
    fee: number,
    a: number,
    b: number,
    c: number,
    d: number,
    w1: AddressHandle,
    w2: AddressHandle,
    signature: string | null,
    other: ChainEvent | null,
  ): void {
    const i = this.n++;
    if (i === this.kinds.length) this.grow();
    this.kinds[i] = kind;
    this.slots[i] = slot;
    this.txs[i] = tx;
    this.fees[i] = fee;
    this.n1[i] = a;
    this.n2[i] = b;
    this.n3[i] = c;
    this.n4[i] = d;
    this.w1.push(w1);
    this.w2.push(w2);
    if (signature !== null) this.signatures.set(i, signature);
    if (other !== null) this.others.set(i, other);
  }

  /** Numeric columns are typed arrays: their contents live outside the garbage-collected heap. */
  private grow(): void {
    const size = this.kinds.length * 2;
    const widen = <T extends Uint8Array | Float64Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.kinds = widen(this.kinds, (k) => new Uint8Array(k));
    this.slots = widen(this.slots, (k) => new Float64Array(k));
    this.txs = widen(this.txs, (k) => new Float64Array(k));
    this.fees = widen(this.fees, (k) => new Float64Array(k));
    this.n1 = widen(this.n1, (k) => new Float64Array(k));
    this.n2 = widen(this.n2, (k) => new Float64Array(k));
    this.n3 = widen(this.n3, (k) => new Float64Array(k));
    this.n4 = widen(this.n4, (k) => new Float64Array(k));
  }

  transfer(slot: number, from: AddressHandle, to: AddressHandle, lamports: number, fee: number): void {
    if (slot > this.endSlot) return;
    this.push(Kind.TRANSFER, slot, this.auto++, fee, lamports, 0, 0, 0, from, to, null, null);
  }

  create(
    slot: number,
    signature: string,
    fee: number,
    platform: Platform,
    creator: string,
    name: string,
    symbol: string,
    curve: string,
    supplyRaw: number,
    decimals: number,
  ): void {
    const e: ChainEvent = {
      kind: 'create',
      slot,
      tx_index: 0,
      at: this.clock.at(slot),
      signature,
      signer: creator,
      fee_lamports: fee,
      platform,
      mint: this.mint.address,
      creator,
      name,
      symbol,
      curve,
      token_supply_raw: supplyRaw,
      decimals,
    };
    this.push(Kind.OTHER, slot, 0, fee, 0, 0, 0, 0, NO_ADDRESS, NO_ADDRESS, signature, e);
  }

  authority(
    slot: number,
    signature: string,
    fee: number,
    signer: string,
    authority: 'mint' | 'freeze',
    newAuthority: string | null,
  ): void {
    const e: ChainEvent = {
      kind: 'authority_change',
      slot,
      tx_index: 0,
      at: this.clock.at(slot),
      signature,
      signer,
      fee_lamports: fee,
      mint: this.mint.address,
      authority,
      new_authority: newAuthority,
    };
    this.push(Kind.OTHER, slot, 0, fee, 0, 0, 0, 0, NO_ADDRESS, NO_ADDRESS, signature, e);
  }

  /** A curve trade; `signature` only when it shares its transaction (the dev buy in the create). */
  curveTrade(
    slot: number,
    txIndex: number | undefined,
    signature: string | null,
    fee: number,
    wallet: AddressHandle,
    side: 'buy' | 'sell',
    solLamports: number,
    tokenRaw: number,
    virtualSol: number,
    virtualToken: number,
  ): void {
    if (slot > this.endSlot) return;
    const tx = txIndex ?? this.auto++;
    const kind = side === 'buy' ? Kind.CURVE_BUY : Kind.CURVE_SELL;
    this.push(
      kind,
      slot,
      tx,
      fee,
      solLamports,
      tokenRaw,
      virtualSol,
      virtualToken,
      wallet,
      NO_ADDRESS,
      signature,
      null,
    );
  }

  migration(
    slot: number,
    signer: string,
    venue: 'pumpswap' | 'raydium_cpmm',
    solLamports: number,
    tokenRaw: number,
  ): void {
    if (slot > this.endSlot) return;
    const e: ChainEvent = {
      kind: 'migration',
      slot,
      tx_index: 0,
      at: this.clock.at(slot),
      signature: randomSignature(this.rng),
      signer,
      fee_lamports: 5000,
      mint: this.mint.address,
      pool: this.pool.address,
      venue,
      sol_lamports: solLamports,
      token_raw: tokenRaw,
      lp_state: 'burned',
    };
    this.push(Kind.OTHER, slot, this.auto++, 5000, 0, 0, 0, 0, NO_ADDRESS, NO_ADDRESS, e.signature, e);
  }

  poolTrade(
    slot: number,
    fee: number,
    wallet: AddressHandle,
    side: 'buy' | 'sell',
    solLamports: number,
    tokenRaw: number,
    poolSol: number,
    poolToken: number,
  ): void {
    if (slot > this.endSlot) return;
    const kind = side === 'buy' ? Kind.POOL_BUY : Kind.POOL_SELL;
    this.push(
      kind,
      slot,
      this.auto++,
      fee,
      solLamports,
      tokenRaw,
      poolSol,
      poolToken,
      wallet,
      NO_ADDRESS,
      null,
      null,
    );
  }

  /** Builds the event object of column `i`. */
  materialize(i: number, slot: number, tx: number): ChainEvent {
    const at = this.clock.at(slot);
    const kind = this.kinds[i];
    switch (kind) {
      case Kind.TRANSFER:
        return {
          kind: 'sol_transfer',
          slot,
          tx_index: tx,
          at,
          signature: randomSignature(this.signatureRng),
          signer: this.w1[i].address,
          fee_lamports: this.fees[i],
          from: this.w1[i].address,
          to: this.w2[i].address,
          lamports: this.n1[i],
        };
      case Kind.CURVE_BUY:
      case Kind.CURVE_SELL:
        return {
          kind: 'curve_trade',
          slot,
          tx_index: tx,
          at,
          signature: this.signatures.get(i) ?? randomSignature(this.signatureRng),
          signer: this.w1[i].address,
          fee_lamports: this.fees[i],
          mint: this.mint.address,
          wallet: this.w1[i].address,
          side: kind === Kind.CURVE_BUY ? 'buy' : 'sell',
          sol_lamports: this.n1[i],
          token_raw: this.n2[i],
          virtual_sol_lamports: this.n3[i],
          virtual_token_raw: this.n4[i],
        };
      case Kind.POOL_BUY:
      case Kind.POOL_SELL:
        return {
          kind: 'pool_trade',
          slot,
          tx_index: tx,
          at,
          signature: randomSignature(this.signatureRng),
          signer: this.w1[i].address,
          fee_lamports: this.fees[i],
          mint: this.mint.address,
          pool: this.pool.address,
          wallet: this.w1[i].address,
          side: kind === Kind.POOL_BUY ? 'buy' : 'sell',
          sol_lamports: this.n1[i],
          token_raw: this.n2[i],
          pool_sol_lamports: this.n3[i],
          pool_token_raw: this.n4[i],
        };
      default: {
        const e = this.others.get(i)!;
        (e as { tx_index: number }).tx_index = tx;
        return e;
      }
    }
  }

  /**
   * Adds the event of column `i` to `encoder` as `encoder.add(this.materialize(i, slot, tx))`
   * would (the same signature draws, in the same order), without building the event object.
   * In the simulator an event's signer is its sender (`from`, `wallet`).
   */
  encode(i: number, slot: number, tx: number, encoder: EventBatchEncoder): void {
    const kind = this.kinds[i];
    const at = this.clock.at(slot);
    const fee = this.fees[i];
    switch (kind) {
      case Kind.TRANSFER:
        encoder.addColumns(
          Kind.BATCH_CODES[Kind.TRANSFER],
          slot,
          tx,
          at,
          fee,
          this.n1[i],
          0,
          0,
          0,
          randomSignature(this.signatureRng),
          this.w1[i],
          this.w1[i],
          this.w2[i],
          null,
        );
        return;
      case Kind.CURVE_BUY:
      case Kind.CURVE_SELL:
      case Kind.POOL_BUY:
      case Kind.POOL_SELL:
        encoder.addColumns(
          Kind.BATCH_CODES[kind],
          slot,
          tx,
          at,
          fee,
          this.n1[i],
          this.n2[i],
          this.n3[i],
          this.n4[i],
          this.signatures.get(i) ?? randomSignature(this.signatureRng),
          this.w1[i],
          this.mint,
          this.w1[i],
          kind === Kind.POOL_BUY || kind === Kind.POOL_SELL ? this.pool : null,
        );
        return;
      default:
        encoder.add(this.materialize(i, slot, tx));
    }
  }

  /** Sorts the events by (slot, tx index) and resolves every provisional tx index. */
  finish(): TapeOutput {
    const n = this.n;
    const { slots, txs } = this;
    const order = orderTapeEvents(slots, txs, n, this.auto - AUTO_TX);
    const outSlots = new Float64Array(n);
    const outTxs = new Float64Array(n);
    let slot = -1;
    let last = -1;
    for (let k = 0; k < n; k++) {
      const i = order[k];
      const s = slots[i];
      let tx = txs[i];
      if (s !== slot) {
        slot = s;
        last = -1;
      }
      if (tx >= AUTO_TX) tx = last < 0 ? this.rng.u32() & 7 : last + 2 + (this.rng.u32() & 3);
      last = tx;
      outSlots[k] = s;
      outTxs[k] = tx;
    }
    return new TapeOutput(this, order, outSlots, outTxs);
  }
}
