import { describe, expect, it } from 'vitest';
import { cutTiedLaunches, type IndexedTie } from './cut-tied-launches.js';

const tie = (mint: string, analyzed_at: number, extra: Partial<IndexedTie> = {}): IndexedTie => ({
  mint,
  symbol: mint,
  analyzed_at,
  same_creator: false,
  shared_wallets: 1,
  shared_insiders: 1,
  settled_at: analyzed_at + 5,
  rugged: true,
  reached_2x: false,
  reached_5x: false,
  peak_gain_pct: 40,
  peak_mcap_usd: 90_000,
  path_last_tick_at: analyzed_at + 3,
  path_peak_mcap_usd: 80_000,
  ...extra,
});

describe('cutTiedLaunches', () => {
  it('a launch analysed after until is dropped, one analysed at until is kept', () => {
    expect(cutTiedLaunches([tie('A', 100), tie('B', 101)], 100).map((t) => t.mint)).toEqual(['A']);
  });

  it('outcome fields are null until settled, and the peak is the path summary while its last tick is known', () => {
    const [open] = cutTiedLaunches([tie('A', 10)], 13);
    expect(open).toMatchObject({ rugged: null, reached_2x: null, reached_5x: null, peak_gain_pct: null });
    expect(open.peak_mcap_usd).toBe(80_000);
    expect(cutTiedLaunches([tie('A', 10)], 12)[0].peak_mcap_usd).toBeNull();
    expect(cutTiedLaunches([tie('A', 10, { path_last_tick_at: null })], 12)[0].peak_mcap_usd).toBe(80_000);
    const [settled] = cutTiedLaunches([tie('A', 10)], 15);
    expect(settled).toMatchObject({
      rugged: true,
      reached_2x: false,
      peak_gain_pct: 40,
      peak_mcap_usd: 90_000,
    });
    const [never] = cutTiedLaunches([tie('A', 10, { settled_at: null, rugged: null })], 1_000);
    expect(never.rugged).toBeNull();
  });

  it('rows come in the order of the base query: creator, insiders, wallets, newest, mint', () => {
    const rows = cutTiedLaunches(
      [
        tie('E', 1, { shared_insiders: 1, shared_wallets: 1 }),
        tie('D', 2, { shared_insiders: 1, shared_wallets: 1 }),
        tie('F', 2, { shared_insiders: 1, shared_wallets: 1 }),
        tie('C', 1, { shared_insiders: 1, shared_wallets: 3 }),
        tie('B', 1, { shared_insiders: 2, shared_wallets: 2 }),
        tie('A', 1, { same_creator: true, shared_insiders: 0, shared_wallets: 0 }),
      ],
      10,
    );
    expect(rows.map((t) => t.mint)).toEqual(['A', 'B', 'C', 'D', 'F', 'E']);
  });
});
