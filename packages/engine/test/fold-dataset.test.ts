import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetError } from '../src/store/dataset-error.js';
import type { DatasetStore } from '../src/store/dataset-store.js';
import { foldDataset } from '../src/store/fold-dataset.js';
import { openDataset } from '../src/store/open-dataset.js';
import type { TableRows } from '../src/store/table-rows.js';
import { TABLE_NAMES } from '../src/tables/dataset-tables.js';
import { Manifest } from '../src/tables/manifest.js';
import { type TestTables, writeTestDataset } from '../src/testing/write-test-dataset.js';

const DIR = fileURLToPath(new URL('../../../datasets/test-small', import.meta.url));

let tmp: string;
let whole: DatasetStore;
let original: Manifest;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'fold-'));
  whole = await openDataset(DIR, { includeOracle: true });
  original = Manifest.parse(JSON.parse(await readFile(join(DIR, 'manifest.json'), 'utf8')));
}, 60_000);

afterAll(async () => {
  await whole?.close();
  await rm(tmp, { recursive: true, force: true });
});

const hashesOf = (m: Manifest) => Object.fromEntries(Object.entries(m.tables).map(([k, t]) => [k, t.sha256]));

describe('foldDataset', () => {
  it('writes the base it was given byte for byte when nothing was appended, and records the simulated history', async () => {
    const folded = await foldDataset(whole, join(tmp, 'same'), { currentThrough: original.current_through });
    expect(hashesOf(folded)).toEqual(hashesOf(original));
    expect(folded.content_hash).toBe(original.content_hash);
    expect(folded.sim_history).toEqual({ launches: 400, current_through: original.current_through });
    const reopened = await openDataset(join(tmp, 'same'));
    expect(reopened.manifest).toEqual(folded);
    await reopened.close();
  }, 60_000);

  it('writes the whole dataset byte for byte from a base holding part of it and the rest appended', async () => {
    const tokens = await whole.all<{ mint: string; analyzed_at: number }>(
      'SELECT mint, analyzed_at FROM tokens ORDER BY analyzed_at, mint',
    );
    const cut = tokens[Math.floor(tokens.length * 0.8)].analyzed_at;
    const late = new Set(tokens.filter((t) => t.analyzed_at >= cut).map((t) => t.mint));
    const isLate = (name: string, row: Record<string, unknown>) =>
      name === 'oracle'
        ? false
        : 'mint' in row
          ? late.has(row.mint as string)
          : name === 'funders' && (row.funded_at as number) >= cut;
    const base: TestTables = {};
    const delta: TestTables = {};
    for (const name of TABLE_NAMES) {
      // The base in another row order than the files: the fold sorts.
      const rows = await whole.all<Record<string, unknown>>(`SELECT * FROM ${name} ORDER BY random()`);
      (base as Record<string, unknown[]>)[name] = rows.filter((r) => !isLate(name, r));
      (delta as Record<string, unknown[]>)[name] = rows.filter((r) => isLate(name, r));
    }
    expect(delta.tokens?.length).toBe(late.size);
    await writeTestDataset(join(tmp, 'part'), base);
    const split = await openDataset(join(tmp, 'part'), { includeOracle: true });
    try {
      for (const name of TABLE_NAMES) {
        const rows = delta[name] ?? [];
        if (rows.length > 0) await split.appendRows(name, rows as TableRows[typeof name][]);
      }
      const folded = await foldDataset(split, join(tmp, 'whole'), {
        currentThrough: original.current_through,
      });
      expect(hashesOf(folded)).toEqual(hashesOf(original));
      expect(folded.launches).toBe(400);
      expect(folded.current_through).toBe(original.current_through);
    } finally {
      await split.close();
    }
  }, 120_000);

  it('refuses to write into a folder that exists', async () => {
    await expect(foldDataset(whole, tmp, { currentThrough: original.current_through })).rejects.toThrow(
      DatasetError,
    );
  });
});
