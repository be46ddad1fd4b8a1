import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkChain } from '../../../../examples/verify-track-record.js';
import { openPostgresPredictionLog } from '../../src/track-record/postgres-prediction-log.js';
import type { PublishedVerdict } from '../../src/track-record/prediction-entry.js';
import type { PredictionLog } from '../../src/track-record/prediction-log.js';
import { type FreshSchema, freshPostgresSchema } from './support/fresh-postgres-schema.js';

let db: FreshSchema;
let replicas: PredictionLog[];

const verdict = (mint: string, by: number): PublishedVerdict => ({
  mint,
  published_at: new Date(Date.UTC(2026, 10, 25, 10, 0, 0, by)).toISOString(),
  analyzed_at: '2026-11-25T09:00:00.000Z',
  model_version: 'm1',
  published_by: 'screen',
  score: 10 + by,
  verdict: 'low',
  rug_probability_pct: 12.5 + by / 7,
  interval_95: { lo_pct: 10, hi_pct: 15 },
});

beforeAll(async () => {
  db = await freshPostgresSchema('plog');
  // Three replicas: three processes' own pools on one schema (migrations applied once, under a lock).
  replicas = await Promise.all([0, 1, 2].map(() => openPostgresPredictionLog({ connectionString: db.url })));
});

afterAll(async () => {
  await Promise.all(replicas?.map((r) => r.close()) ?? []);
  await db?.drop();
});

describe('the prediction log on PostgreSQL with three replicas', () => {
  test('the chain stays single and gapless when three replicas publish at once', async () => {
    // Each replica publishes 40 tokens of its own and 20 that every replica publishes too.
    await Promise.all(
      replicas.map((log, r) =>
        Promise.all(
          Array.from({ length: 60 }, (_, i) =>
            log.append([verdict(i < 40 ? `R${r}-${i}` : `shared-${i}`, r * 100 + i)]),
          ),
        ),
      ),
    );
    const entries = await replicas[1].page(0, 1000);
    expect(entries.length).toBe(3 * 40 + 20);
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: entries.length }, (_, i) => i + 1));
    expect(checkChain(entries.map((e) => ({ ...e, outcome: null })))).toEqual([]);
    expect(new Set(entries.map((e) => e.mint)).size).toBe(entries.length);
    const counts = await Promise.all(replicas.map((r) => r.summary()));
    for (const c of counts) expect(c).toMatchObject({ count: entries.length, head: entries.at(-1) });
  });

  test('an entry already logged by another replica is returned, not appended again', async () => {
    const [a] = await replicas[0].append([verdict('once', 1)]);
    const [b] = await replicas[2].append([verdict('once', 2)]);
    expect(b).toEqual(a);
  });

  test('edits and deletions are refused by the database', async () => {
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    await expect(c.query('UPDATE prediction_log SET score = 0 WHERE seq = 1')).rejects.toThrow(/append-only/);
    await expect(c.query('DELETE FROM prediction_log WHERE seq = 1')).rejects.toThrow(/append-only/);
    await c.end();
  });
});
