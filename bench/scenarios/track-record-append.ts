/**
 * The two costs of the track record on a screen call, in process: a repeated call (the verdict is
 * already logged: a WeakSet check) and a first call (one SQLite append in a file in WAL mode, as in
 * the ledger's file: read the (mint, model) and the head, hash, insert, commit). Medians of 5 runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScreenRecord } from '@launchlens/engine';
import { createTrackRecord, openSqlitePredictionLog } from '@launchlens/server';
import { median, report } from '../scenario-result.js';

const TOKENS = 2000;
const HITS = 2_000_000;
const record = (i: number, model: string): ScreenRecord =>
  ({
    mint: `Mint${String(i).padStart(6, '0')}pumpxxxxxxxxxxxxxxxxxxxxxxxxxxx`,
    analyzed_at: '2026-11-25T09:00:00.000Z',
    rug_risk: {
      score: 55,
      verdict: 'elevated',
      rug_probability_pct: 61.25,
      model_version: model,
      calibration: { interval_95: { lo_pct: 59.5, hi_pct: 63 } },
    },
  }) as unknown as ScreenRecord;

const dir = mkdtempSync(join(tmpdir(), 'bench-track-'));
const log = openSqlitePredictionLog(join(dir, 'ledger.sqlite'));
const track = createTrackRecord({ log });
const appendUs: number[] = [];
const hitNs: number[] = [];
for (let run = 0; run < 5; run++) {
  const records = Array.from({ length: TOKENS }, (_, i) => record(i, `m${run}`));
  let t0 = performance.now();
  for (const r of records) await track.publish(r, 'screen', Date.now());
  appendUs.push(((performance.now() - t0) * 1000) / TOKENS);
  t0 = performance.now();
  let misses = 0;
  for (let i = 0; i < HITS; i++) if (track.publish(records[i % TOKENS], 'screen', 0) !== undefined) misses++;
  hitNs.push(((performance.now() - t0) * 1e6) / HITS);
  if (misses !== 0) throw new Error(`${misses} repeated calls appended`);
}
const count = (await log.summary()).count;
await log.close();
rmSync(dir, { recursive: true, force: true });
report(
  {
    name: 'track-record repeated call',
    metric: 'track record cost of a screen call whose verdict is already logged (median of 5 × 2M calls)',
    unit: 'ns',
    value: Math.round(median(hitNs) * 10) / 10,
    runs: hitNs.map((v) => Math.round(v * 10) / 10),
    notes: 'a WeakSet check of the kept record object; the paid screen costs ≈ 60–80 µs of server CPU',
  },
  {
    name: 'track-record first call',
    metric: `one append to the prediction log in a SQLite file (WAL), ${TOKENS} tokens a run, median of 5`,
    unit: 'µs',
    value: Math.round(median(appendUs) * 10) / 10,
    runs: appendUs.map((v) => Math.round(v * 10) / 10),
    notes: `once per token and model version; ${count} entries in the chain after the runs`,
  },
);
