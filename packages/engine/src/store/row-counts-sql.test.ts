import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kolTradeRow, outcomeRow, storeWith, T0, tokenRow } from '../testing/table-rows.js';
import { writeTestDataset } from '../testing/write-test-dataset.js';
import type { DatasetStore } from './dataset-store.js';
import { openDataset } from './open-dataset.js';
import { rowCountsSql } from './row-counts-sql.js';

describe('rowCountsSql', () => {
  it('counts the base and the delta apart on a served store', () => {
    expect(rowCountsSql(['kols', 'kol_trades'], true)).toBe(
      'SELECT ((SELECT count(*) FROM base.main."kols") + (SELECT count(*) FROM delta."kols"))::BIGINT AS "kols", ' +
        '((SELECT count(*) FROM base.main."kol_trades") + (SELECT count(*) FROM delta."kol_trades"))::BIGINT AS "kol_trades"',
    );
  });

  it('counts the table itself on a memory store', () => {
    expect(rowCountsSql(['outcomes'], false)).toBe(
      'SELECT (SELECT count(*) FROM "outcomes")::BIGINT AS "outcomes"',
    );
  });
});

describe('rowCountsSql on stores', () => {
  let tmp: string;
  let served: DatasetStore;
  let memory: DatasetStore;
  const tokens = ['A', 'B', 'C'].map((mint, i) => tokenRow({ mint, analyzed_at: T0 + i }));
  const outcomes = tokens.map((t) => outcomeRow({ mint: t.mint, rugged: false }, t.analyzed_at));
  const trades = [kolTradeRow('t1', 'k', 'A', T0), kolTradeRow('t2', 'k', 'B', T0 + 1)];

  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'row-counts-'));
    await writeTestDataset(tmp, {
      tokens: tokens.slice(0, 2),
      outcomes: outcomes.slice(0, 1),
      kol_trades: trades,
    });
    served = await openDataset(tmp);
    await served.appendRows('tokens', tokens.slice(2));
    await served.appendRows('outcomes', outcomes.slice(1));
    memory = await storeWith({ tokens, outcomes, kol_trades: trades });
  }, 60_000);
  afterAll(async () => {
    await served?.close();
    await memory?.close();
    await rm(tmp, { recursive: true, force: true });
  });

  it('gives the rows of base and delta together, as counting the view does', async () => {
    const tables = ['tokens', 'outcomes', 'kol_trades', 'kols'];
    const expected = { tokens: 3, outcomes: 3, kol_trades: 2, kols: 0 };
    expect(await served.all(rowCountsSql(tables, true))).toEqual([expected]);
    const viaViews = `SELECT ${tables.map((t) => `(SELECT count(*) FROM ${t})::BIGINT AS ${t}`).join(', ')}`;
    expect(await served.all(viaViews)).toEqual([expected]);
    expect(await memory.all(rowCountsSql(tables, false))).toEqual([expected]);
  });
});
