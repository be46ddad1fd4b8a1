import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatasetStore, openMemoryStore } from '../store/index.js';
import { withServedCopy } from '../testing/open-served-copy.js';
import { holderRow, outcomeRow, tokenRow } from '../testing/table-rows.js';
import { HISTORY_COLUMNS } from './build-features-sql.js';
import type { FeatureInputs } from './feature-inputs.js';
import { loadFeatureInputs } from './load-feature-inputs.js';
import { loadRiskFrame } from './load-risk-frame.js';
import { buildRiskFrame } from './risk-frame.js';

const HOUR = 3_600_000;
const t0 = Date.UTC(2025, 3, 1);
const EXCHANGE = 'ExchangeHotWallet1111111111111111111111111';

// Creator C launches A (rugs), B 2 h later (A not settled yet) and D 30 h later (A and B settled).
// W is an insider of A; S sniped A; creator C2, who shares C's funder F, launched Z (rugged).
const tokens = [
  tokenRow({ mint: 'Z', creator: 'C2', analyzed_at: t0 - 48 * HOUR }),
  tokenRow({ mint: 'A', creator: 'C', analyzed_at: t0 }),
  tokenRow({ mint: 'B', creator: 'C', analyzed_at: t0 + 2 * HOUR }),
  tokenRow({ mint: 'D', creator: 'C', analyzed_at: t0 + 30 * HOUR }),
];
const holders = [
  holderRow({ mint: 'A', wallet: 'W', is_insider: true }),
  holderRow({ mint: 'A', wallet: 'S', is_sniper: true }),
  holderRow({ mint: 'B', wallet: 'W' }),
  holderRow({ mint: 'D', wallet: 'W', supply_pct: 3 }),
  holderRow({ mint: 'D', wallet: 'S', is_sniper: true }),
  holderRow({ mint: 'D', wallet: 'E', funder: EXCHANGE, supply_pct: 7 }),
  holderRow({ mint: 'D', wallet: 'K', funder: 'F', supply_pct: 4 }),
  holderRow({ mint: 'D', wallet: 'C', funder: 'F', is_creator: true, supply_pct: 2 }),
];
const outcomes = [
  outcomeRow({ mint: 'Z', rugged: true }, t0 - 48 * HOUR),
  outcomeRow({ mint: 'A', rugged: true }, t0),
  outcomeRow({ mint: 'B', rugged: false }, t0 + 2 * HOUR),
];
const funders = [
  { wallet: 'C', funder: 'F', funded_at: t0 - 100 * HOUR, amount_sol: 2 },
  { wallet: 'C2', funder: 'F', funded_at: t0 - 100 * HOUR, amount_sol: 2 },
  { wallet: 'E', funder: EXCHANGE, funded_at: t0, amount_sol: 1 },
];

let store: DatasetStore;
beforeEach(async () => {
  store = await openMemoryStore();
  await store.appendRows('tokens', tokens);
  await store.appendRows('holders', holders);
  await store.appendRows('outcomes', outcomes);
  await store.appendRows('funders', funders);
  await store.appendRows('known_wallets', [{ address: EXCHANGE, name: 'Binance', kind: 'exchange' }]);
});
afterEach(() => store.close());

const byMint = (rows: FeatureInputs[]) => new Map(rows.map((r) => [r.mint, r]));

describe('features as of the analysis moment', () => {
  it('count only launches before and outcomes settled by each analysis moment', async () => {
    const f = byMint(await loadFeatureInputs(store, { kind: 'all' }));
    expect(f.get('B')).toMatchObject({
      creator_prior_launches: 1,
      creator_prior_settled: 0,
      creator_prior_rugged: 0,
      prior_insiders_n: 1,
      rug_insiders_n: 0,
      funder_prior_rugged: 1,
    });
    expect(f.get('D')).toMatchObject({
      creator_prior_launches: 2,
      creator_prior_settled: 2,
      creator_prior_rugged: 1,
      prior_insiders_n: 1,
      rug_insiders_n: 1,
      serial_snipers_n: 1,
      holder_rows: 5,
      exchange_funded_n: 1,
      exchange_funded_supply_pct: 7,
      funder_linked_n: 1,
      funder_linked_pct: 4,
    });
    expect(f.get('A')).toMatchObject({ creator_prior_launches: 0, prior_insiders_n: 0, serial_snipers_n: 0 });
    expect(f.get('B')!.funder_linked_n).toBe(0);
    expect(f.get('D')!.analyzed_at).toBe(t0 + 30 * HOUR);
  });

  it('give the same values through the per-token path as through the whole-dataset pass', async () => {
    const all = await loadFeatureInputs(store, { kind: 'all' });
    for (const row of all) {
      expect(await loadFeatureInputs(store, { kind: 'mints', mints: [row.mint] })).toEqual([row]);
    }
  });

  it('never change when later launches and outcomes are appended', async () => {
    const before = await loadFeatureInputs(store, { kind: 'all' });
    const later = t0 + 40 * HOUR;
    await store.appendRows('tokens', [tokenRow({ mint: 'L', creator: 'C', analyzed_at: later })]);
    await store.appendRows('holders', [
      holderRow({ mint: 'L', wallet: 'W', is_insider: true }),
      holderRow({ mint: 'L', wallet: 'S', is_sniper: true }),
    ]);
    await store.appendRows('outcomes', [
      outcomeRow({ mint: 'D', rugged: true }, t0 + 30 * HOUR),
      outcomeRow({ mint: 'L', rugged: true }, later),
    ]);
    const after = byMint(await loadFeatureInputs(store, { kind: 'all' }));
    for (const row of before) expect(after.get(row.mint)).toEqual(row);
    expect(after.get('L')).toMatchObject({
      creator_prior_launches: 3,
      creator_prior_settled: 2,
      serial_snipers_n: 1,
    });
  });

  it('lays features beside outcomes in a frame, in analysis order', async () => {
    const frame = await loadRiskFrame(store);
    expect(frame.mints).toEqual(['Z', 'A', 'B', 'D']);
    expect(frame.rugged[frame.index.get('A')!]).toBe(1);
    expect(Number.isNaN(frame.settledAt[frame.index.get('D')!])).toBe(true);
    const scoped = await loadRiskFrame(store, { kind: 'settled_between', from: t0, to: t0 + 27 * HOUR });
    expect(scoped.mints).toEqual(['A', 'B']);
  });

  it('reads a served base token row for the risk features only, and builds the same frame as from whole rows', async () => {
    const whole = buildRiskFrame(
      await loadFeatureInputs(store, { kind: 'all' }),
      await store.all('SELECT * FROM outcomes'),
    );
    await withServedCopy(store, async (served) => {
      const [held] = await loadFeatureInputs(served, { kind: 'all' }, ['mint', 'holders']);
      expect(Object.keys(held).toSorted()).toEqual(['mint', 'holders', ...HISTORY_COLUMNS].toSorted());
      const frame = await loadRiskFrame(served);
      expect(frame.mints).toEqual(whole.mints);
      expect([...frame.x]).toEqual([...whole.x]);
      expect([...frame.settledAt]).toEqual([...whole.settledAt]);
    });
  });
});
