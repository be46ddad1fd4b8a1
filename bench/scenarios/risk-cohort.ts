// Engine cohort (validate + build SQL + run + statistics) ÷ the same statistics by hand-written
// DuckDB SQL through the same store, on a dataset folder (default: datasets/default) and on a
// generated 1M-launch tokens + outcomes table. Usage: risk-cohort.ts [dataset-dir] [--skip-1m]
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { queryCohort } from '@launchlens/engine';
import { DATASET_TABLES, parseCohortRequest } from '@launchlens/engine/internal';
import { type DatasetStore, openDataset, openMemoryStore } from '@launchlens/engine/store';
import { median, report, type ScenarioResult } from '../scenario-result.js';

const DAY = 86_400_000;
const args = process.argv.slice(2);
const dir = resolve(args.find((a) => !a.startsWith('--')) ?? 'datasets/default');
const BODY = { filters: { insiders_pct: { min: 5, max: 30 }, holders: { min: 100 } }, window_days: 30 };

const handSql = (from: number, to: number) => `
WITH w AS (
  SELECT t.insiders_pct, t.holders, o.rugged, o.peak_gain_pct, o.seconds_to_peak, o.collapse_s
  FROM tokens t JOIN outcomes o ON o.mint = t.mint
  WHERE t.analyzed_at > epoch_ms(${from}) AND t.analyzed_at <= epoch_ms(${to})
    AND o.settled_at <= epoch_ms(${to}) AND NOT t.skipped
)
SELECT
  count(*) FILTER (WHERE insiders_pct BETWEEN 5 AND 30 AND holders >= 100) AS n,
  count(*) FILTER (WHERE insiders_pct BETWEEN 5 AND 30 AND holders >= 100 AND rugged) AS rugged,
  count(*) AS base_n,
  count(*) FILTER (WHERE rugged) AS base_rugged,
  quantile_cont(peak_gain_pct, [0.5, 0.75, 0.9]) FILTER (WHERE insiders_pct BETWEEN 5 AND 30 AND holders >= 100) AS gains,
  median(seconds_to_peak) FILTER (WHERE insiders_pct BETWEEN 5 AND 30 AND holders >= 100) AS to_peak,
  median(collapse_s) FILTER (WHERE insiders_pct BETWEEN 5 AND 30 AND holders >= 100 AND rugged) AS collapse
FROM w`;

async function measure(
  store: DatasetStore,
  asOf: number,
  label: string,
  runs: number,
): Promise<ScenarioResult> {
  const engine: number[] = [];
  const hand: number[] = [];
  const sql = handSql(asOf - 30 * DAY, asOf);
  let n = 0;
  for (let r = 0; r < runs + 3; r++) {
    const t0 = performance.now();
    const parsed = parseCohortRequest(BODY);
    if (parsed.kind !== 'valid') throw new Error('bench request is invalid');
    const result = await queryCohort(store, parsed.request, asOf);
    const t1 = performance.now();
    const [row] = await store.all<{ n: number }>(sql);
    const t2 = performance.now();
    if (result.cohort?.n !== row.n) throw new Error(`engine n ${result.cohort?.n} ≠ hand-written n ${row.n}`);
    n = row.n;
    if (r < 3) continue;
    engine.push(t1 - t0);
    hand.push(t2 - t1);
  }
  const e = median(engine);
  const h = median(hand);
  return {
    name: `risk-cohort-${label}`,
    metric: `cohort query, engine ÷ hand-written SQL (${label}, cohort n = ${n})`,
    unit: 'ms',
    value: e,
    reference: { name: 'hand-written SQL', value: h },
    target: 'engine ÷ hand-written ≤ 1.5',
    runs: engine,
    notes: `ratio ${(e / h).toFixed(2)}`,
  };
}

const results: ScenarioResult[] = [];
if (existsSync(resolve(dir, 'manifest.json'))) {
  const store = await openDataset(dir);
  try {
    const [{ t }] = await store.all<{ t: number }>('SELECT max(analyzed_at) AS t FROM tokens');
    results.push(await measure(store, t, `${store.manifest.launches} launches`, 40));
  } finally {
    await store.close();
  }
} else {
  process.stderr.write(`no dataset at ${dir}; skipping the dataset run\n`);
}

if (!args.includes('--skip-1m')) {
  const N = 1_000_000;
  const start = Date.UTC(2025, 0, 1);
  const spacing = Math.floor((120 * DAY) / N);
  const store = await openMemoryStore();
  try {
    const r = (k: number, mod: number) => `CAST(hash(i, ${k}) % ${mod} AS BIGINT)`;
    const tokenExpr: Record<string, string> = {
      mint: `'m' || i`,
      platform: `CASE WHEN ${r(1, 4)} = 0 THEN 'letsbonk' ELSE 'pumpfun' END`,
      name: `'Token ' || i`,
      symbol: `'T' || i`,
      creator: `'c' || ${r(2, 370000)}`,
      created_at: `epoch_ms(CAST(${start} + i * ${spacing} - 60000 - ${r(3, 3600000)} AS BIGINT))`,
      created_slot: 'i * 10',
      analyzed_at: `epoch_ms(CAST(${start} + i * ${spacing} AS BIGINT))`,
      analyzed_slot: 'i * 10 + 5',
      pool: `'p' || i`,
      mcap_at_analysis_usd: `30000 + ${r(4, 60000)}`,
      price_at_analysis_usd: `0.00003 + ${r(5, 1000)} / 1e8`,
      liquidity_at_analysis_usd: `10000 + ${r(6, 10000)}`,
      sol_usd_at_analysis: '180.0',
      holders: `60 + ${r(7, 200)}`,
      top1_pct: `${r(8, 2000)} / 100.0`,
      top10_pct: `20 + ${r(9, 5000)} / 100.0`,
      insiders_pct: `${r(10, 4000)} / 100.0`,
      skipped: `${r(11, 100)} = 0`,
      skip_reason: 'NULL',
      mint_authority: `'revoked'`,
      freeze_authority: `'revoked'`,
      lp_state: `'burned'`,
      dev_sold: `${r(12, 3)} = 0`,
    };
    const cols = DATASET_TABLES.tokens.columns.map((c) => c.name);
    const exprs = cols.map(
      (c) =>
        tokenExpr[c] ??
        (DATASET_TABLES.tokens.columns.find((x) => x.name === c)!.type === 'BIGINT'
          ? `${r(20 + cols.indexOf(c), 10)}`
          : `${r(20 + cols.indexOf(c), 1000)} / 100.0`),
    );
    const t0 = performance.now();
    await store.all(
      `INSERT INTO tokens (${cols.join(', ')}) SELECT ${exprs.join(', ')} FROM range(${N}) r(i)`,
    );
    const outcomeExpr: Record<string, string> = {
      mint: `'m' || i`,
      settled_at: `epoch_ms(CAST(${start} + i * ${spacing} + ${DAY} AS BIGINT))`,
      rugged: `${r(30, 100)} < 65`,
      rugged_at: 'NULL',
      peak_mcap_usd: `60000 + ${r(31, 100000)}`,
      peak_at: `epoch_ms(CAST(${start} + i * ${spacing} + 1000 * ${r(32, 3000)} AS BIGINT))`,
      trough_mcap_usd: `${r(33, 30000)}`,
      seconds_to_peak: `${r(32, 3000)}`,
      collapse_s: `CASE WHEN ${r(30, 100)} < 65 THEN ${r(34, 5000)} ELSE NULL END`,
      exit_window: `${r(35, 2)} = 0`,
      peak_gain_pct: `${r(36, 50000)} / 100.0`,
      reached_2x: `${r(36, 50000)} >= 10000`,
      reached_5x: `${r(36, 50000)} >= 40000`,
    };
    const ocols = DATASET_TABLES.outcomes.columns.map((c) => c.name);
    await store.all(
      `INSERT INTO outcomes (${ocols.join(', ')}) SELECT ${ocols.map((c) => outcomeExpr[c]).join(', ')} FROM range(${N}) r(i)`,
    );
    process.stderr.write(
      `generated ${N} tokens + outcomes in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
    );
    results.push(await measure(store, start + (N - 1) * spacing, '1M generated launches', 20));
  } finally {
    await store.close();
  }
}
report(...results);
