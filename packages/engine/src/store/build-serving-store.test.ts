import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTestSmall } from '../testing/test-small.js';
import { buildServingStore } from './build-serving-store.js';
import { readManifest } from './dataset-files.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'build-serving-store-'));
  await linkTestSmall(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('buildServingStore', () => {
  it('writes its string columns without FSST (test-small)', async () => {
    const path = await buildServingStore(dir, await readManifest(dir), { threads: 1 });
    const instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' });
    const c = await instance.connect();
    try {
      const tables = (await c.runAndReadAll('SELECT table_name FROM duckdb_tables()')).getRows();
      const segments = { varchar: 0, fsst: 0 };
      for (const [name] of tables) {
        const [[varchar, fsst]] = (
          await c.runAndReadAll(
            `SELECT count(*) FILTER (WHERE segment_type = 'VARCHAR'), count(*) FILTER (WHERE compression = 'FSST') FROM pragma_storage_info('${String(name)}')`,
          )
        ).getRows();
        segments.varchar += Number(varchar);
        segments.fsst += Number(fsst);
      }
      expect(segments.varchar).toBeGreaterThan(100);
      expect(segments.fsst).toBe(0);
    } finally {
      c.closeSync();
      instance.closeSync();
    }
  });
});
