import { AddressIndex } from './address-index.js';

/** Incoming transfers kept per wallet beyond the first, for the insider rule. */
const MAX_EXTRA_INCOMING = 7;
/** Addresses whose ids stay in a `Map` keyed by the string itself: hits skip hashing the bytes. */
const RECENT = 1 << 18;

export interface Funding {
  readonly funder: number;
  readonly at: number;
  readonly lamports: number;
}

/**
 * What the builder knows of every wallet across launches: first funding, SOL balance from the
 * flows seen, first trade, launches traded. Wallets are interned to dense ids once per event and
 * their state lives in typed columns: string-keyed maps cost ~50× a typed-array slot here. The
 * addresses themselves live in an `AddressIndex` (≈ 55 bytes a wallet) with the most recent ones
 * in a bounded `Map` in front, so the book costs ≈ 100 bytes a wallet ever seen.
 */
export class WalletBook {
  private readonly index = new AddressIndex();
  private readonly recent = new Map<string, number>();
  private readonly recentRing: string[] = [];
  private recentPos = 0;
  private capacity = 0;
  private lamports = new Float64Array(0);
  private fundedAt = new Float64Array(0);
  private fundedLamports = new Float64Array(0);
  private funder = new Int32Array(0);
  private firstTrade = new Float64Array(0);
  private launches = new Int32Array(0);
  private curveTrader = new Uint8Array(0);
  private exchange = new Uint8Array(0);
  private readonly extraIncoming = new Map<number, number[]>();
  private readonly exchangeNames: ReadonlyMap<string, string>;

  constructor(exchanges: ReadonlyMap<string, string>) {
    this.exchangeNames = exchanges;
    this.grow(1 << 16);
    for (const address of exchanges.keys()) this.exchange[this.intern(address)] = 1;
  }

  get size(): number {
    return this.index.size;
  }

  /** The dense id of an address, allocating one on first sight. */
  intern(address: string): number {
    let id = this.recent.get(address);
    if (id !== undefined) return id;
    id = this.index.intern(address);
    if (id === this.capacity) this.grow(this.capacity * 2);
    if (this.recentRing.length < RECENT) this.recentRing.push(address);
    else {
      this.recent.delete(this.recentRing[this.recentPos]);
      this.recentRing[this.recentPos] = address;
      this.recentPos = (this.recentPos + 1) % RECENT;
    }
    this.recent.set(address, id);
    return id;
  }

  address(id: number): string {
    return this.index.get(id);
  }

  recordTransfer(from: number, to: number, at: number, lamports: number): void {
    if (this.funder[to] < 0) {
      this.funder[to] = from;
      this.fundedAt[to] = at;
      this.fundedLamports[to] = lamports;
    } else {
      const extra = this.extraIncoming.get(to);
      if (!extra) this.extraIncoming.set(to, [from, at]);
      else if (extra.length < 2 * MAX_EXTRA_INCOMING) extra.push(from, at);
    }
    this.addLamports(to, lamports);
    this.addLamports(from, -lamports);
  }

  /** Adds to the known balance; a wallet whose funding was never seen stays unknown until SOL arrives. */
  addLamports(id: number, delta: number): void {
    const cur = this.lamports[id];
    if (!Number.isNaN(cur)) this.lamports[id] = cur + delta;
    else if (delta > 0) this.lamports[id] = delta;
  }

  /** SOL balance from the flows seen, or null when the wallet's funding was never seen. */
  solBalance(id: number): number | null {
    const l = this.lamports[id];
    return Number.isNaN(l) ? null : l / 1e9;
  }

  firstFunding(id: number): Funding | undefined {
    const f = this.funder[id];
    return f < 0 ? undefined : { funder: f, at: this.fundedAt[id], lamports: this.fundedLamports[id] };
  }

  firstFunder(id: number): number {
    return this.funder[id];
  }

  firstFundedAt(id: number): number {
    return this.fundedAt[id];
  }

  fundedBefore(id: number, funder: number, before: number): boolean {
    if (this.funder[id] === funder && this.fundedAt[id] <= before) return true;
    const extra = this.extraIncoming.get(id);
    if (!extra) return false;
    for (let i = 0; i < extra.length; i += 2) if (extra[i] === funder && extra[i + 1] <= before) return true;
    return false;
  }

  isExchange(id: number): boolean {
    return this.exchange[id] === 1;
  }

  exchangeName(id: number): string | undefined {
    return this.exchangeNames.get(this.index.get(id));
  }

  /** Records a trade (curve or pool) so the wallet's first trade anywhere is known. */
  noteTrade(id: number, at: number): void {
    if (Number.isNaN(this.firstTrade[id])) this.firstTrade[id] = at;
  }

  /** Epoch ms of the wallet's first trade anywhere, or NaN. */
  firstTradeAt(id: number): number {
    return this.firstTrade[id];
  }

  /** Counts a launch the wallet traded on its curve (called at the launch's migration). */
  markTraded(id: number): void {
    this.launches[id]++;
    this.curveTrader[id] = 1;
  }

  launchesTradedBefore(id: number): number {
    return this.launches[id];
  }

  /** Every wallet that traded a migrated launch on its curve and whose first funding was seen. */
  *tradersFunding(): Iterable<{ wallet: string; funder: string; at: number; lamports: number }> {
    for (let id = 0; id < this.index.size; id++) {
      if (this.curveTrader[id] === 0 || this.funder[id] < 0) continue;
      yield {
        wallet: this.index.get(id),
        funder: this.index.get(this.funder[id]),
        at: this.fundedAt[id],
        lamports: this.fundedLamports[id],
      };
    }
  }

  private grow(capacity: number): void {
    const nan = <T extends Float64Array>(next: T, prev: T) => {
      next.fill(Number.NaN, prev.length);
      next.set(prev);
      return next;
    };
    this.lamports = nan(new Float64Array(capacity), this.lamports);
    this.fundedAt = nan(new Float64Array(capacity), this.fundedAt);
    this.firstTrade = nan(new Float64Array(capacity), this.firstTrade);
    const fundedLamports = new Float64Array(capacity);
    fundedLamports.set(this.fundedLamports);
    this.fundedLamports = fundedLamports;
    const funder = new Int32Array(capacity).fill(-1);
    funder.set(this.funder);
    this.funder = funder;
    const launches = new Int32Array(capacity);
    launches.set(this.launches);
    this.launches = launches;
    const exchange = new Uint8Array(capacity);
    exchange.set(this.exchange);
    this.exchange = exchange;
    const curveTrader = new Uint8Array(capacity);
    curveTrader.set(this.curveTrader);
    this.curveTrader = curveTrader;
    this.capacity = capacity;
  }
}
