import { ADDRESS_BYTES, MAX_EXTRA_INCOMING, WalletPages, type WalletPagesOptions } from './wallet-pages.js';

/** Addresses whose ids stay in a `Map` keyed by the string itself: hits skip hashing the bytes. */
const RECENT = 1 << 18;

export interface WalletBookOptions extends WalletPagesOptions {
  /**
   * Addresses kept in the `Map` in front of the table (default 2^18; 0 for none). A caller that
   * remembers ids itself (`AddressSlots`) interns an address again only after forgetting it, so
   * the map would rarely hit.
   */
  readonly recentAddresses?: number;
}
const EMPTY = -1;
const WIDE = 255;

export interface Funding {
  readonly funder: number;
  readonly at: number;
  readonly lamports: number;
}

/**
 * What the builder knows of every wallet across launches: first funding, SOL balance from the
 * flows seen, first trade, launches traded. Wallets are interned to dense ids once per event and
 * their state lives in typed columns: string-keyed maps cost ~50× a typed-array slot here. The
 * columns and the address bytes sit in `WalletPages`, of which only recently used pages stay in
 * memory; what stays per wallet is its slot in an open-addressing hash table and a 32-bit hash
 * (≈ 16 bytes), so a history of 240k launches (≈ 13 M wallets) fits where 24k did. The most
 * recent addresses are also kept in a bounded `Map` in front: hits skip hashing the string.
 */
export class WalletBook {
  private readonly pages: WalletPages;
  private readonly recent = new Map<string, number>();
  private readonly recentRing: string[] = [];
  private recentPos = 0;
  private count = 0;
  private hashes = new Uint32Array(1 << 12);
  private table = new Int32Array(1 << 13).fill(EMPTY);
  private tableMask = (1 << 13) - 1;
  private readonly wide = new Map<string, number>();
  private readonly wideById = new Map<number, string>();
  private readonly exchangeNames: ReadonlyMap<string, string>;
  private readonly recentSize: number;

  constructor(exchanges: ReadonlyMap<string, string>, options: WalletBookOptions = {}) {
    this.exchangeNames = exchanges;
    this.recentSize = options.recentAddresses ?? RECENT;
    this.pages = new WalletPages(options);
    for (const address of exchanges.keys()) {
      const id = this.intern(address);
      this.pages.page(id).exchange[id & this.pages.mask] = 1;
    }
  }

  get size(): number {
    return this.count;
  }

  /** Pages read back from disk and written to it so far. */
  get pageIo(): { readonly reads: number; readonly writes: number } {
    return this.pages.io;
  }

  /** The dense id of an address, allocating one on first sight. */
  intern(address: string): number {
    if (this.recentSize === 0) return this.lookup(address);
    let id = this.recent.get(address);
    if (id !== undefined) return id;
    id = this.lookup(address);
    if (this.recentRing.length < this.recentSize) this.recentRing.push(address);
    else {
      this.recent.delete(this.recentRing[this.recentPos]);
      this.recentRing[this.recentPos] = address;
      this.recentPos = (this.recentPos + 1) % this.recentSize;
    }
    this.recent.set(address, id);
    return id;
  }

  address(id: number): string {
    const page = this.pages.page(id);
    const i = id & this.pages.mask;
    const n = page.addressLength[i];
    if (n === WIDE) return this.wideById.get(id)!;
    const at = i * ADDRESS_BYTES;
    return page.address.toString('latin1', at, at + n);
  }

  recordTransfer(from: number, to: number, at: number, lamports: number): void {
    const page = this.pages.page(to);
    const i = to & this.pages.mask;
    if (page.funder[i] < 0) {
      page.funder[i] = from;
      page.fundedAt[i] = at;
      page.fundedLamports[i] = lamports;
    } else {
      const n = page.extraCount[i];
      if (n < MAX_EXTRA_INCOMING) {
        page.extraFrom[i * MAX_EXTRA_INCOMING + n] = from;
        page.extraAt[i * MAX_EXTRA_INCOMING + n] = at;
        page.extraCount[i] = n + 1;
      }
    }
    this.addLamports(to, lamports);
    this.addLamports(from, -lamports);
  }

  /** Adds to the known balance; a wallet whose funding was never seen stays unknown until SOL arrives. */
  addLamports(id: number, delta: number): void {
    const lamports = this.pages.page(id).lamports;
    const i = id & this.pages.mask;
    const cur = lamports[i];
    if (!Number.isNaN(cur)) lamports[i] = cur + delta;
    else if (delta > 0) lamports[i] = delta;
  }

  /** SOL balance from the flows seen, or null when the wallet's funding was never seen. */
  solBalance(id: number): number | null {
    const l = this.pages.page(id).lamports[id & this.pages.mask];
    return Number.isNaN(l) ? null : l / 1e9;
  }

  firstFunding(id: number): Funding | undefined {
    const page = this.pages.page(id);
    const i = id & this.pages.mask;
    const f = page.funder[i];
    return f < 0 ? undefined : { funder: f, at: page.fundedAt[i], lamports: page.fundedLamports[i] };
  }

  firstFunder(id: number): number {
    return this.pages.page(id).funder[id & this.pages.mask];
  }

  firstFundedAt(id: number): number {
    return this.pages.page(id).fundedAt[id & this.pages.mask];
  }

  fundedBefore(id: number, funder: number, before: number): boolean {
    const page = this.pages.page(id);
    const i = id & this.pages.mask;
    if (page.funder[i] === funder && page.fundedAt[i] <= before) return true;
    const base = i * MAX_EXTRA_INCOMING;
    for (let k = 0; k < page.extraCount[i]; k++) {
      if (page.extraFrom[base + k] === funder && page.extraAt[base + k] <= before) return true;
    }
    return false;
  }

  isExchange(id: number): boolean {
    return this.pages.page(id).exchange[id & this.pages.mask] === 1;
  }

  exchangeName(id: number): string | undefined {
    return this.exchangeNames.get(this.address(id));
  }

  /** Records a trade (curve or pool) so the wallet's first trade anywhere is known. */
  noteTrade(id: number, at: number): void {
    const firstTrade = this.pages.page(id).firstTrade;
    const i = id & this.pages.mask;
    if (Number.isNaN(firstTrade[i])) firstTrade[i] = at;
  }

  /** Epoch ms of the wallet's first trade anywhere, or NaN. */
  firstTradeAt(id: number): number {
    return this.pages.page(id).firstTrade[id & this.pages.mask];
  }

  /** Counts a launch the wallet traded on its curve (called at the launch's migration). */
  markTraded(id: number): void {
    const page = this.pages.page(id);
    const i = id & this.pages.mask;
    page.launches[i]++;
    page.curveTrader[i] = 1;
  }

  launchesTradedBefore(id: number): number {
    return this.pages.page(id).launches[id & this.pages.mask];
  }

  /** Every wallet that traded a migrated launch on its curve and whose first funding was seen. */
  *tradersFunding(): Iterable<{
    wallet: string;
    walletId: number;
    funder: string;
    funderId: number;
    at: number;
    lamports: number;
  }> {
    for (let id = 0; id < this.count; id++) {
      const page = this.pages.page(id);
      const i = id & this.pages.mask;
      const funder = page.funder[i];
      if (page.curveTrader[i] === 0 || funder < 0) continue;
      const at = page.fundedAt[i];
      const lamports = page.fundedLamports[i];
      yield {
        wallet: this.address(id),
        walletId: id,
        funder: this.address(funder),
        funderId: funder,
        at,
        lamports,
      };
    }
  }

  /** Drops the pages kept on disk; the book is empty after this. */
  release(): void {
    this.pages.release();
    this.recent.clear();
    this.recentRing.length = 0;
    this.count = 0;
  }

  private lookup(s: string): number {
    const hash = narrowHash(s);
    if (hash < 0) {
      let id = this.wide.get(s);
      if (id === undefined) {
        id = this.allocate(0);
        this.pages.page(id).addressLength[id & this.pages.mask] = WIDE;
        this.wide.set(s, id);
        this.wideById.set(id, s);
      }
      return id;
    }
    const mask = this.tableMask;
    let slot = hash & mask;
    for (; ; slot = (slot + 1) & mask) {
      const id = this.table[slot];
      if (id === EMPTY) break;
      if (this.hashes[id] === hash && this.addressIs(id, s)) return id;
    }
    const id = this.allocate(hash);
    const page = this.pages.page(id);
    const i = id & this.pages.mask;
    page.addressLength[i] = s.length;
    for (let k = 0, at = i * ADDRESS_BYTES; k < s.length; k++) page.address[at + k] = s.charCodeAt(k);
    this.table[slot] = id;
    if (this.count * 2 > this.table.length) this.rehash();
    return id;
  }

  private allocate(hash: number): number {
    const id = this.count++;
    if (id === this.hashes.length) {
      const next = new Uint32Array(this.hashes.length * 2);
      next.set(this.hashes);
      this.hashes = next;
    }
    this.hashes[id] = hash;
    return id;
  }

  private addressIs(id: number, s: string): boolean {
    const page = this.pages.page(id);
    const i = id & this.pages.mask;
    const n = s.length;
    if (page.addressLength[i] !== n) return false;
    for (let k = 0, at = i * ADDRESS_BYTES; k < n; k++)
      if (page.address[at + k] !== s.charCodeAt(k)) return false;
    return true;
  }

  private rehash(): void {
    const size = this.table.length * 2;
    const table = new Int32Array(size).fill(EMPTY);
    const mask = size - 1;
    for (let slot = 0; slot < this.table.length; slot++) {
      const id = this.table[slot];
      if (id === EMPTY) continue;
      let i = this.hashes[id] & mask;
      while (table[i] !== EMPTY) i = (i + 1) & mask;
      table[i] = id;
    }
    this.table = table;
    this.tableMask = mask;
  }
}

/** FNV-1a, 32 bits, over the character codes; -1 for a string that does not fit a page (> 44 or not Latin-1). */
function narrowHash(s: string): number {
  if (s.length > ADDRESS_BYTES) return -1;
  let h = 0x811c9dc5;
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c > 0xff) return -1;
    h = Math.imul(h ^ c, 0x01000193);
  }
  return h >>> 0;
}
