import { describe, expect, it } from 'vitest';
import { randomAddress } from '../sim/random/random-address.js';
import { Sfc32 } from '../sim/random/sfc32.js';
import { WalletBook } from './wallet-book.js';

/** Drives a book with a seeded mix of transfers, trades and reads; returns every answer it gave. */
function drive(book: WalletBook, seed: number): unknown[] {
  const rng = new Sfc32(seed, 1);
  const pool = Array.from({ length: 3_000 }, () => randomAddress(rng));
  pool.push('x'.repeat(60), 'ƒunder');
  const answers: unknown[] = [];
  for (let step = 0; step < 40_000; step++) {
    // Mostly recent wallets, sometimes any: old pages are read back from disk.
    const pick = () => pool[rng.chance(0.8) ? pool.length - 1 - rng.int(200) : rng.int(pool.length)];
    const a = book.intern(pick());
    const b = book.intern(pick());
    const at = 1_700_000_000_000 + step * 400;
    switch (rng.int(5)) {
      case 0:
        book.recordTransfer(a, b, at, rng.intIn(1, 5e9));
        break;
      case 1:
        book.noteTrade(a, at);
        book.addLamports(a, -rng.intIn(1, 1e9));
        break;
      case 2:
        book.markTraded(b);
        break;
      default:
        answers.push(
          book.address(a),
          book.solBalance(a),
          book.firstFunding(a),
          book.fundedBefore(a, b, at),
          book.firstTradeAt(a),
          book.launchesTradedBefore(b),
          book.isExchange(a),
        );
    }
    if (step % 5_000 === 0) pool.push(...Array.from({ length: 400 }, () => randomAddress(rng)));
  }
  answers.push(book.size, [...book.tradersFunding()]);
  return answers;
}

describe('WalletBook', () => {
  it('answers the same with 2 pages of 16 wallets in memory (the rest on disk) as with all in memory', () => {
    const exchanges = new Map([['Exchange1111111111111111111111111111111111', 'ex']]);
    const paged = new WalletBook(exchanges, { pageWallets: 16, residentPages: 2 });
    const whole = new WalletBook(exchanges);
    expect(drive(paged, 9)).toEqual(drive(whole, 9));
    expect(paged.pageIo.writes).toBeGreaterThan(100);
    expect(paged.pageIo.reads).toBeGreaterThan(100);
    expect(whole.pageIo.writes).toBe(0);
    paged.release();
  });

  it('answers the same without the map of recent addresses in front of its table', () => {
    const exchanges = new Map([['Exchange1111111111111111111111111111111111', 'ex']]);
    const plain = new WalletBook(exchanges, { recentAddresses: 0, pageWallets: 16, residentPages: 2 });
    expect(drive(plain, 4)).toEqual(drive(new WalletBook(exchanges), 4));
    plain.release();
  });

  it('numbers addresses densely in order of first sight and gives them back', () => {
    const book = new WalletBook(new Map(), { pageWallets: 4, residentPages: 2 });
    const names = ['alice', 'bob', 'x'.repeat(60), 'ƒunder', ''];
    expect(names.map((n) => book.intern(n))).toEqual([0, 1, 2, 3, 4]);
    expect(names.map((n) => book.intern(n))).toEqual([0, 1, 2, 3, 4]);
    expect(names.map((_, id) => book.address(id))).toEqual(names);
    expect(book.solBalance(1)).toBeNull();
    expect(book.firstFunding(1)).toBeUndefined();
  });
});
