import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calibrateBands } from '../calibrate/calibrate-bands.js';
import { loadRiskFrame } from '../features/load-risk-frame.js';
import { bandIndices } from '../model/band-indices.js';
import { type CompiledModel, compileModel } from '../model/compile-model.js';
import { fitRiskModel } from '../model/fit-risk-model.js';
import { type DatasetStore, openMemoryStore } from '../store/index.js';
import { sampleFeatureInputs } from '../testing/sample-feature-inputs.js';
import { outcomeRow, tokenRow } from '../testing/table-rows.js';
import { createScreenCache } from './screen-cache.js';
import { ScreenRecord } from './screen-record.js';
import { screenToken } from './screen-token.js';
import { warmScreenCache } from './warm-screen-cache.js';

const DAY = 86_400_000;
// 900 launches one every 2 h (75 days); token 500 has unknown authorities, token 600 was skipped
const launches = sampleFeatureInputs(900, 21, Date.UTC(2025, 2, 1), 2 * 3_600_000);
const asOf = launches[800].inputs.analyzed_at + 1000;
let store: DatasetStore;
let model: CompiledModel;

beforeAll(async () => {
  store = await openMemoryStore();
  await store.appendRows(
    'tokens',
    launches.map(({ inputs }, i) =>
      tokenRow({
        ...inputs,
        creator: `creator${i % 300}`,
        ...(i === 500 ? { mint_authority: null, lp_state: null } : {}),
        ...(i === 600 ? { skipped: true, skip_reason: 'holder snapshot unavailable' } : {}),
      }),
    ),
  );
  await store.appendRows(
    'outcomes',
    launches.map(({ inputs, outcome }) => outcomeRow({ ...outcome }, inputs.analyzed_at)),
  );
  const frame = await loadRiskFrame(store);
  model = compileModel(fitRiskModel(frame, { cutoff: asOf - 20 * DAY, calibrationWindowDays: 14 }));
});
afterAll(() => store.close());

describe('screenToken', () => {
  it('builds a valid screen record whose probability is the measured rate of its band', async () => {
    const cache = createScreenCache();
    const mint = launches[790].inputs.mint;
    const record = await screenToken(store, mint, { model, asOf, cache });
    expect(record).not.toBeNull();
    expect(ScreenRecord.parse(record)).toEqual(record);
    const r = record!.rug_risk;
    const frame = await loadRiskFrame(store);
    const day = Math.floor(asOf / DAY) * DAY;
    const cal = calibrateBands(frame, bandIndices(model, frame).bands, {
      modelVersion: model.model.version,
      asOf: day,
      windowDays: 14,
      halfLifeDays: model.model.calibration_half_life_days,
    });
    expect(r.verdict).not.toBe('unknown');
    const band = cal.bands[r.verdict as 'low'];
    expect(r.rug_probability_pct).toBe(band.rug_rate_pct);
    expect(r.calibration).toMatchObject({
      n: band.n,
      rugged: band.rugged,
      window: band.window,
      rate_method: band.rate_method,
      window_rate_pct: band.window_rate_pct,
    });
    expect(r.calibration!.rate_method).toMatch(/logistic trend/);
    expect(r.collapse_speed).toEqual(band.collapse_speed);
    const tenths =
      Math.round(r.contributions!.base_points * 10) +
      r.contributions!.factors.reduce((a, f) => a + Math.round(f.points * 10), 0);
    expect(tenths).toBe(r.score! * 10);
    expect(r.confidence).toBeGreaterThan(0);
    expect(r.confidence).toBeLessThanOrEqual(1);
    expect(record!.facts.mcap_at_analysis_usd).toBe(launches[790].inputs.mcap_at_analysis_usd);
    expect(record!.says).toContain(`score ${r.score}/100`);
    expect(cache.tokens.has(mint)).toBe(true);
    expect(cache.calibrations.size).toBe(1);
  });

  it('answers from the cache on a second call with the same record', async () => {
    const cache = createScreenCache();
    const mint = launches[700].inputs.mint;
    const first = await screenToken(store, mint, { model, asOf, cache });
    const second = await screenToken(store, mint, { model, asOf, cache });
    expect(second).toEqual(first);
    expect(cache.calibrations.size).toBe(1);
  });

  it('keeps a finished record for the rest of its UTC day and its model only', async () => {
    const cache = createScreenCache();
    const mint = launches[700].inputs.mint;
    const first = await screenToken(store, mint, { model, asOf, cache });
    const dayEnd = Math.floor(asOf / DAY) * DAY + DAY - 1;
    expect(await screenToken(store, mint, { model, asOf: dayEnd, cache })).toBe(first);
    const nextDay = await screenToken(store, mint, { model, asOf: dayEnd + 1, cache });
    expect(nextDay).not.toBe(first);
    expect(nextDay).toEqual(
      await screenToken(store, mint, { model, asOf: dayEnd + 1, cache: createScreenCache() }),
    );
    const other = compileModel(model.model);
    expect(await screenToken(store, mint, { model: other, asOf: dayEnd + 1, cache })).not.toBe(nextDay);
  });

  it('gives the same record from a cache warmed in one pass as from a cold one', async () => {
    const warm = createScreenCache();
    expect(await warmScreenCache(store, warm)).toBe(900);
    const mint = launches[650].inputs.mint;
    const cold = await screenToken(store, mint, { model, asOf, cache: createScreenCache() });
    expect(await screenToken(store, mint, { model, asOf, cache: warm })).toEqual(cold);
  });

  it('drops the oldest tokens beyond its size', async () => {
    const small = createScreenCache(50);
    await warmScreenCache(store, small);
    expect(small.tokens.size).toBe(50);
    expect(small.tokens.has(launches[899].inputs.mint)).toBe(true);
    expect(small.tokens.has(launches[0].inputs.mint)).toBe(false);
  });

  it('reports lacking holder data as unknown, with null score and probability', async () => {
    const record = await screenToken(store, launches[600].inputs.mint, {
      model,
      asOf,
      cache: createScreenCache(),
    });
    expect(record!.rug_risk).toMatchObject({
      score: null,
      verdict: 'unknown',
      action: 'unknown',
      rug_probability_pct: null,
      confidence: 0,
      unknown_reason: 'holder snapshot unavailable',
      contributions: null,
    });
    expect(record!.says).toMatch(/does not mean it is safe/);
  });

  it('reports unknown safety state as unknown, never as a value', async () => {
    const record = await screenToken(store, launches[500].inputs.mint, {
      model,
      asOf,
      cache: createScreenCache(),
    });
    expect(record!.safety).toEqual({
      mint_authority: 'unknown',
      freeze_authority: 'revoked',
      lp: 'unknown',
      timelock: 'unknown',
    });
  });

  it('does not cover a mint it lacks or one analysed after the as-of moment', async () => {
    const cache = createScreenCache();
    expect(await screenToken(store, 'nope', { model, asOf, cache })).toBeNull();
    expect(await screenToken(store, launches[850].inputs.mint, { model, asOf, cache })).toBeNull();
  });

  it('gives the same record as of T after later launches are appended', async () => {
    const mint = launches[795].inputs.mint;
    const before = await screenToken(store, mint, { model, asOf, cache: createScreenCache() });
    const extra = sampleFeatureInputs(30, 77, asOf + 3_600_000, 3_600_000);
    await store.appendRows(
      'tokens',
      extra.map(({ inputs }) => tokenRow({ ...inputs, mint: `late${inputs.mint}`, creator: 'creator1' })),
    );
    await store.appendRows(
      'outcomes',
      extra.map(({ inputs, outcome }) =>
        outcomeRow({ ...outcome, mint: `late${inputs.mint}` }, inputs.analyzed_at),
      ),
    );
    expect(await screenToken(store, mint, { model, asOf, cache: createScreenCache() })).toEqual(before);
  });
});
