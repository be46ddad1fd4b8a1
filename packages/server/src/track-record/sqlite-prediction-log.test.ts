import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, test } from 'vitest';
import { hashEntry } from './hash-entry.js';
import { GENESIS_PREV_HASH, type PublishedVerdict } from './prediction-entry.js';
import { openSqlitePredictionLog } from './sqlite-prediction-log.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempFile = () => {
  const d = mkdtempSync(join(tmpdir(), 'plog-'));
  dirs.push(d);
  return join(d, 'ledger.sqlite');
};

const verdict = (mint: string, model = 'm1'): PublishedVerdict => ({
  mint,
  published_at: '2026-11-25T10:00:00.000Z',
  analyzed_at: '2026-11-25T09:00:00.000Z',
  model_version: model,
  published_by: 'screen',
  score: 40,
  verdict: 'elevated',
  rug_probability_pct: 55.123456789,
  interval_95: { lo_pct: 50.1, hi_pct: 60.2 },
});

describe('openSqlitePredictionLog', () => {
  test('a (mint, model) is logged once; a new model version extends the same chain', async () => {
    const log = openSqlitePredictionLog(':memory:');
    const [a] = await log.append([verdict('A')]);
    const [again, b] = await log.append([{ ...verdict('A'), rug_probability_pct: 1 }, verdict('B')]);
    const [a2] = await log.append([verdict('A', 'm2')]);
    expect(again).toEqual(a);
    expect(a.prev_hash).toBe(GENESIS_PREV_HASH);
    expect(b).toMatchObject({ seq: 2, prev_hash: a.hash });
    expect(a2).toMatchObject({ seq: 3, prev_hash: b.hash, model_version: 'm2' });
    const page = await log.page(0, 10);
    expect(page).toEqual([a, b, a2]);
    for (const e of page) expect(hashEntry(e)).toBe(e.hash);
    expect(await log.ofMint('A')).toEqual([a, a2]);
    expect(await log.atSeqs([3, 1, 9])).toEqual([a, a2]);
    expect(await log.summary()).toMatchObject({ count: 3, head: a2, first_published_at: a.published_at });
    await log.close();
  });

  test('stored values come back exactly as hashed', async () => {
    const log = openSqlitePredictionLog(':memory:');
    const [a] = await log.append([verdict('A')]);
    const [read] = await log.page(0, 1);
    expect(read.rug_probability_pct).toBe(55.123456789);
    expect(hashEntry(read)).toBe(a.hash);
    await log.close();
  });

  test('entries cannot be edited or deleted through SQL', async () => {
    const file = tempFile();
    const log = openSqlitePredictionLog(file);
    await log.append([verdict('A')]);
    const db = new Database(file);
    expect(() => db.prepare('UPDATE prediction_log SET score = 1').run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM prediction_log').run()).toThrow(/append-only/);
    db.close();
    await log.close();
  });

  test('two handles on one file (two processes) append to one chain', async () => {
    const file = tempFile();
    const one = openSqlitePredictionLog(file);
    const two = openSqlitePredictionLog(file);
    for (let i = 0; i < 10; i++) await (i % 2 ? one : two).append([verdict(`M${i}`)]);
    const all = await one.page(0, 100);
    expect(all.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (let i = 1; i < all.length; i++) expect(all[i].prev_hash).toBe(all[i - 1].hash);
    await one.close();
    await two.close();
  });

  test('anchors are kept in order', async () => {
    const log = openSqlitePredictionLog(':memory:');
    const anchor = {
      seq: 1,
      head_hash: 'a'.repeat(64),
      network: 'localnet:x',
      signer: 'S',
      signature: 'sig1',
      anchored_at: '2026-11-25T10:00:00.000Z',
      memo: 'm',
    };
    await log.addAnchor(anchor);
    await log.addAnchor({ ...anchor, signature: 'sig2', seq: 2 });
    expect((await log.anchors()).map((a) => a.signature)).toEqual(['sig1', 'sig2']);
    await log.close();
  });
});
