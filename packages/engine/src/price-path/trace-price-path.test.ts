import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetStore } from '../store/dataset-store.js';
import { HOUR, storeWith, T0, tokenRow } from '../testing/table-rows.js';
import { PricePathRecord } from './price-path-record.js';
import { tracePricePath } from './trace-price-path.js';

const A = T0 + HOUR;
const tick = (mint: string, s: number, mcap: number) => ({
  mint,
  at: A + s * 1000,
  price_usd: mcap / 1e9,
  mcap_usd: mcap,
  liquidity_usd: mcap / 4,
});
const path = (mint: string, over: object = {}) => ({
  mint,
  first_tick_at: A + 5000,
  last_tick_at: A + 3 * HOUR,
  tick_count: 400,
  mcap_latest_usd: 30_000,
  price_latest_usd: 0.00003,
  liquidity_latest_usd: 7_500,
  mcap_peak_usd: 150_000,
  mcap_trough_usd: 20_000,
  ...over,
});
let db: DatasetStore;

beforeAll(async () => {
  db = await storeWith({
    tokens: [
      tokenRow({ mint: 'T', analyzed_at: A, mcap_at_analysis_usd: 60_000 }),
      tokenRow({ mint: 'OLD', analyzed_at: A }),
      tokenRow({ mint: 'QUIET', analyzed_at: A }),
    ],
    ticks: [tick('T', 5, 60_000), tick('T', 10, 120_000), tick('T', 15, 90_000), tick('T', 20, 30_000)],
    paths: [
      path('T'),
      path('OLD'),
      path('QUIET', { first_tick_at: null, last_tick_at: null, tick_count: 0 }),
    ],
  });
});
afterAll(() => db.close());

async function traced(mint: string, asOf: number): Promise<PricePathRecord> {
  const r = await tracePricePath(db, mint, asOf);
  if (r.kind !== 'found') throw new Error('expected a record');
  return PricePathRecord.parse(r.record);
}

describe('tracePricePath', () => {
  it('summarizes held ticks up to as_of', async () => {
    const r = await traced('T', A + 15_000);
    expect(r.path).toMatchObject({
      source: 'ticks',
      tick_count: 3,
      mcap_latest_usd: 90_000,
      mcap_peak_usd: 120_000,
      mcap_trough_usd: 60_000,
      drawdown_from_peak_pct: -25,
      change_since_analysis_pct: 50,
    });
    expect(r.says).toContain('50.0% against $60.0k at analysis and -25.0% from its $120.0k peak');
  });

  it('falls back to the path summary when ticks are not kept', async () => {
    const r = await traced('OLD', A + 10 * HOUR);
    expect(r.path).toMatchObject({
      source: 'summary',
      tick_count: 400,
      mcap_peak_usd: 150_000,
      drawdown_from_peak_pct: -80,
    });
    expect(r.coverage_note).toContain('path summary');
  });

  it('never uses a summary that runs past as_of', async () => {
    const r = await traced('OLD', A + HOUR);
    expect(r.path).toBeNull();
    expect(r.coverage_note).toContain('No tick is held');
  });

  it('a launch with no pool trade has no path', async () => {
    const r = await traced('QUIET', A + 10 * HOUR);
    expect(r.path).toBeNull();
    expect(r.coverage_note).toContain('No pool trade');
  });

  it('an unknown mint has no record', async () => {
    expect((await tracePricePath(db, 'nope', A)).kind).toBe('none');
  });
});
