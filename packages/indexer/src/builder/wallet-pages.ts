import { closeSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IndexerError } from '../indexer-error.js';

/** Longest address kept inline in a page (base58 of 32 bytes is 32–44 characters). */
export const ADDRESS_BYTES = 44;
/** Incoming transfers kept per wallet beyond the first, for the insider rule. */
export const MAX_EXTRA_INCOMING = 7;

/** One page of wallets: every per-wallet column, views over one buffer that is written to disk whole. */
export class WalletPage {
  readonly lamports: Float64Array;
  readonly fundedAt: Float64Array;
  readonly fundedLamports: Float64Array;
  readonly firstTrade: Float64Array;
  readonly funder: Int32Array;
  readonly launches: Int32Array;
  /** Extra incoming transfers: `MAX_EXTRA_INCOMING` funders and times a wallet. */
  readonly extraFrom: Int32Array;
  readonly extraAt: Float64Array;
  readonly extraCount: Uint8Array;
  readonly curveTrader: Uint8Array;
  readonly exchange: Uint8Array;
  /** Address length, or 255 when the address is kept in memory instead (not short Latin-1). */
  readonly addressLength: Uint8Array;
  /** A `Buffer` view, so an address is read back as one Latin-1 string rather than char by char. */
  readonly address: Buffer;

  constructor(
    readonly bytes: Uint8Array<ArrayBuffer>,
    wallets: number,
  ) {
    const b = bytes.buffer;
    let at = 0;
    const f64 = (n: number) => {
      const v = new Float64Array(b, at, n);
      at += 8 * n;
      return v;
    };
    const i32 = (n: number) => {
      const v = new Int32Array(b, at, n);
      at += 4 * n;
      return v;
    };
    const u8 = (n: number) => {
      const v = new Uint8Array(b, at, n);
      at += n;
      return v;
    };
    this.lamports = f64(wallets);
    this.fundedAt = f64(wallets);
    this.fundedLamports = f64(wallets);
    this.firstTrade = f64(wallets);
    this.extraAt = f64(wallets * MAX_EXTRA_INCOMING);
    this.funder = i32(wallets);
    this.launches = i32(wallets);
    this.extraFrom = i32(wallets * MAX_EXTRA_INCOMING);
    this.extraCount = u8(wallets);
    this.curveTrader = u8(wallets);
    this.exchange = u8(wallets);
    this.addressLength = u8(wallets);
    this.address = Buffer.from(b, at, wallets * ADDRESS_BYTES);
  }

  /** Bytes a page of `wallets` wallets takes. */
  static bytesFor(wallets: number): number {
    return wallets * (4 * 8 + MAX_EXTRA_INCOMING * 12 + 2 * 4 + 4 + ADDRESS_BYTES);
  }

  /** Sets every wallet to "nothing seen". */
  clear(): void {
    this.bytes.fill(0);
    this.lamports.fill(Number.NaN);
    this.fundedAt.fill(Number.NaN);
    this.firstTrade.fill(Number.NaN);
    this.funder.fill(-1);
  }
}

export interface WalletPagesOptions {
  /**
   * Wallets a page (a power of two). Default 2^12 (≈ 700 KB a page): a touch of an old wallet reads
   * back and evicts one page, and with 2^15-wallet pages (5.6 MB) the 48k build moved 5.2 GB of
   * pages through the file (452 reads, 482 writes) against 0.55 GB with these (199, 439).
   */
  readonly pageWallets?: number;
  /** Pages kept in memory; the least recently used beyond it go to a temporary file. Default 384 (≈ 270 MB, 1.6 M wallets). */
  readonly residentPages?: number;
}

/**
 * The wallet book's columns for wallet ids 0, 1, 2, …, in fixed pages of which only the
 * `residentPages` most recently used stay in memory; the others wait in an unlinked temporary
 * file (opened at the first eviction) and are read back when a wallet on them is touched. Ids are
 * given in order of first sight and a launch touches mostly recent wallets, so memory stays flat
 * however many wallets the history holds and old pages are seldom read back.
 */
export class WalletPages {
  readonly pageBits: number;
  readonly mask: number;
  private readonly residentPages: number;
  private readonly pageBytes: number;
  private readonly pages: (WalletPage | null)[] = [];
  private readonly onDisk: boolean[] = [];
  private readonly lastUse: number[] = [];
  private readonly resident: number[] = [];
  private tick = 0;
  private fd = -1;
  /** Pages read back from disk and written to it (for tests and benchmarks). */
  readonly io = { reads: 0, writes: 0 };

  constructor(options: WalletPagesOptions = {}) {
    const wallets = options.pageWallets ?? 1 << 12;
    this.pageBits = Math.log2(wallets);
    if (!Number.isInteger(this.pageBits))
      throw new IndexerError('wallet_pages_invalid', `pageWallets must be a power of two: ${wallets}`);
    this.mask = wallets - 1;
    this.residentPages = Math.max(2, options.residentPages ?? 384);
    this.pageBytes = WalletPage.bytesFor(wallets);
  }

  /** The page holding wallet `id`, in memory. */
  page(id: number): WalletPage {
    const p = id >>> this.pageBits;
    const page = this.pages[p];
    if (page) {
      this.lastUse[p] = ++this.tick;
      return page;
    }
    return this.load(p);
  }

  /** Closes the temporary file; the pages on disk are gone. */
  release(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
    this.pages.length = 0;
    this.onDisk.length = 0;
    this.resident.length = 0;
  }

  private load(p: number): WalletPage {
    let page: WalletPage;
    if (this.resident.length >= this.residentPages) {
      page = this.evict();
    } else {
      page = new WalletPage(new Uint8Array(this.pageBytes), this.mask + 1);
    }
    if (this.onDisk[p]) {
      const bytes = page.bytes;
      let done = 0;
      while (done < bytes.length) {
        const n = readSync(this.fd, bytes, done, bytes.length - done, p * this.pageBytes + done);
        if (n === 0) throw new IndexerError('wallet_pages_io', `wallet page ${p} is short on disk`);
        done += n;
      }
      this.io.reads++;
    } else {
      page.clear();
    }
    this.pages[p] = page;
    this.lastUse[p] = ++this.tick;
    this.resident.push(p);
    return page;
  }

  /** Writes the least recently used page to disk and returns its memory for reuse. */
  private evict(): WalletPage {
    let k = 0;
    for (let i = 1; i < this.resident.length; i++) {
      if (this.lastUse[this.resident[i]] < this.lastUse[this.resident[k]]) k = i;
    }
    const p = this.resident[k];
    this.resident[k] = this.resident[this.resident.length - 1];
    this.resident.pop();
    const page = this.pages[p]!;
    this.pages[p] = null;
    if (this.fd < 0) {
      const path = join(tmpdir(), `launchlens-wallets-${process.pid}-${Date.now()}.bin`);
      this.fd = openSync(path, 'w+');
      unlinkSync(path);
    }
    const bytes = page.bytes;
    let done = 0;
    while (done < bytes.length) {
      done += writeSync(this.fd, bytes, done, bytes.length - done, p * this.pageBytes + done);
    }
    this.onDisk[p] = true;
    this.io.writes++;
    return page;
  }
}
