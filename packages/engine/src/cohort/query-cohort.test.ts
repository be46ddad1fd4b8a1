import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quantileSorted } from '../stats/quantile-sorted.js';
import { type DatasetStore, openMemoryStore } from '../store/index.js';
import { sampleFeatureInputs } from '../testing/sample-feature-inputs.js';
import { outcomeRow, tokenRow } from '../testing/table-rows.js';
import { CohortRequest } from './cohort-request.js';
import { listCohortFields } from './list-cohort-fields.js';
import { queryCohort } from './query-cohort.js';

const DAY = 86_400_000;
// 400 launches, one every 3 hours (50 days); the last day's outcomes are not settled as of T
const launches = sampleFeatureInputs(400, 5, Date.UTC(2025, 4, 1), 3 * 3_600_000);
const T = launches[399].inputs.analyzed_at;
let store: DatasetStore;

beforeAll(async () => {
  store = await openMemoryStore();
  await store.appendRows(
    'tokens',
    launches.map(({ inputs }, i) =>
      tokenRow({
        ...inputs,
        creator: `creator${i % 50}`,
        skipped: i % 97 === 0,
        skip_reason: i % 97 === 0 ? 'x' : null,
      }),
    ),
  );
  await store.appendRows(
    'outcomes',
    launches.map(({ inputs, outcome }) => outcomeRow({ ...outcome }, inputs.analyzed_at)),
  );
});
afterAll(() => store.close());

const DIRECT_SQL = `
WITH cohort AS (
  SELECT o.* FROM tokens t JOIN outcomes o USING (mint)
  WHERE t.analyzed_at > epoch_ms(CAST($from AS BIGINT)) AND t.analyzed_at <= epoch_ms(CAST($to AS BIGINT))
    AND o.settled_at <= epoch_ms(CAST($to AS BIGINT)) AND NOT t.skipped
    AND t.insiders_pct BETWEEN 5 AND 30 AND t.holders >= 100
)
SELECT count(*) AS n, sum(CASE WHEN rugged THEN 1 ELSE 0 END) AS rugged,
  quantile_cont(peak_gain_pct, 0.75) AS p75,
  (SELECT median(collapse_s) FROM cohort WHERE rugged) AS collapse
FROM cohort`;

describe('listCohortFields', () => {
  it('gives each field its bounds over non-skipped tokens', async () => {
    const fields = await listCohortFields(store);
    const insiders = fields.find((f) => f.name === 'insiders_pct')!;
    const values = launches.filter((_, i) => i % 97 !== 0).map((l) => l.inputs.insiders_pct);
    expect(insiders.min).toBeCloseTo(Math.min(...values), 9);
    expect(insiders.max).toBeCloseTo(Math.max(...values), 9);
    expect(insiders.type).toBe('number');
    expect(fields.find((f) => f.name === 'seconds_to_migration')!.max).toBeLessThanOrEqual(3600);
  });
});

describe('queryCohort', () => {
  const request = CohortRequest.parse({
    filters: { insiders_pct: { min: 5, max: 30 }, holders: { min: 100 } },
    window_days: 30,
  });

  it('agrees with hand-written SQL and with the rows counted in TypeScript', async () => {
    const r = await queryCohort(store, request, T);
    const [direct] = await store.all<{ n: number; rugged: number; p75: number; collapse: number }>(
      DIRECT_SQL,
      {
        from: T - 30 * DAY,
        to: T,
      },
    );
    expect(r.cohort).not.toBeNull();
    const c = r.cohort!;
    expect(c.n).toBe(direct.n);
    expect(c.rugged).toBe(Number(direct.rugged));
    expect(c.p75_peak_gain_pct).toBeCloseTo(direct.p75, 9);
    expect(c.median_collapse_seconds).toBeCloseTo(direct.collapse, 9);

    const rows = launches.filter(
      ({ inputs, outcome }, i) =>
        inputs.analyzed_at > T - 30 * DAY &&
        outcome.settled_at <= T &&
        i % 97 !== 0 &&
        inputs.insiders_pct >= 5 &&
        inputs.insiders_pct <= 30 &&
        inputs.holders >= 100,
    );
    const base = launches.filter(
      ({ inputs, outcome }, i) =>
        inputs.analyzed_at > T - 30 * DAY && outcome.settled_at <= T && i % 97 !== 0,
    );
    expect(c.n).toBe(rows.length);
    expect(c.base_n).toBe(base.length);
    expect(c.rug_pct).toBeCloseTo((100 * rows.filter((r) => r.outcome.rugged).length) / rows.length, 9);
    expect(c.base_rate_pct).toBeCloseTo((100 * base.filter((r) => r.outcome.rugged).length) / base.length, 9);
    expect(c.rug_lift_vs_base).toBeCloseTo(c.rug_pct / c.base_rate_pct, 9);
    const gains = rows.map((r) => r.outcome.peak_gain_pct).sort((a, b) => a - b);
    expect(c.median_peak_gain_pct).toBeCloseTo(quantileSorted(gains, 0.5)!, 9);
    expect(c.p90_peak_gain_pct).toBeCloseTo(quantileSorted(gains, 0.9)!, 9);
    const secs = rows.map((r) => r.outcome.seconds_to_peak).sort((a, b) => a - b);
    expect(c.median_seconds_to_peak).toBeCloseTo(quantileSorted(secs, 0.5)!, 9);
    expect(c.rug_pct_interval_95.lo_pct).toBeLessThan(c.rug_pct);
    expect(c.rug_pct_interval_95.hi_pct).toBeGreaterThan(c.rug_pct);
    expect(r.says).toContain(`Of ${c.n} settled tokens`);
  });

  it('returns cohort null when nothing matches', async () => {
    const r = await queryCohort(store, CohortRequest.parse({ filters: { holders: { min: 1e9 } } }), T);
    expect(r.cohort).toBeNull();
    expect(r.says).toMatch(/^No settled token/);
    expect(r.window_days).toBe(30);
  });

  it('does not change when later launches are added', async () => {
    const asOf = T - 10 * DAY;
    const before = await queryCohort(store, request, asOf);
    const extra = sampleFeatureInputs(20, 99, asOf + 3_600_000, 3_600_000);
    await store.appendRows(
      'tokens',
      extra.map(({ inputs }) => tokenRow({ ...inputs, mint: `late${inputs.mint}`, creator: 'late' })),
    );
    await store.appendRows(
      'outcomes',
      extra.map(({ inputs, outcome }) =>
        outcomeRow({ ...outcome, mint: `late${inputs.mint}` }, inputs.analyzed_at),
      ),
    );
    expect(await queryCohort(store, request, asOf)).toEqual(before);
  });
});
