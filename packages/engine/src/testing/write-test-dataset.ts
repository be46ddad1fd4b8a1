import { createHash } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openMemoryStore } from '../store/open-memory-store.js';
import type { TableRows } from '../store/table-rows.js';
import { ADDRESS_TABLE } from '../tables/address-table.js';
import { DATASET_FORMAT_VERSION } from '../tables/dataset-format-version.js';
import { DATASET_TABLES, TABLE_NAMES, type TableName } from '../tables/dataset-tables.js';
import type { Manifest } from '../tables/manifest.js';

export type TestTables = { [N in TableName]?: TableRows[N][] };

const LOOKUP = '__test_addresses';

/**
 * Test support: writes a dataset folder (`addresses.parquet`, one Parquet file per table with
 * address columns as ids, `manifest.json`) with plain DuckDB `COPY`, independent of the indexer's
 * writer (the engine cannot import it).
 */
export async function writeTestDataset(dir: string, tables: TestTables): Promise<Manifest> {
  await mkdir(dir, { recursive: true });
  const store = await openMemoryStore();
  const entries: Manifest['tables'] = {};
  const record = async (name: string, file: string, rows: number) => {
    const bytes = await readFile(join(dir, file));
    entries[name] = {
      file,
      rows,
      bytes: (await stat(join(dir, file))).size,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
  };
  try {
    for (const name of TABLE_NAMES)
      await store.appendRows(name, (tables[name] ?? []) as TableRows[typeof name][]);
    const used = TABLE_NAMES.flatMap((name) =>
      DATASET_TABLES[name].addressColumns.map((c) => `SELECT "${c}" AS a FROM ${name}`),
    );
    await store.all(
      `CREATE TABLE ${LOOKUP} AS SELECT (row_number() OVER (ORDER BY a) - 1)::INTEGER AS id, a AS address ` +
        `FROM (${used.join(' UNION ')}) WHERE a IS NOT NULL`,
    );
    await store.all(
      `COPY (SELECT id, address FROM ${LOOKUP} ORDER BY id) TO '${join(dir, ADDRESS_TABLE.file)}' ` +
        '(FORMAT parquet, COMPRESSION zstd, PARQUET_VERSION v2)',
    );
    const [{ n }] = await store.all<{ n: number }>(`SELECT count(*)::INTEGER AS n FROM ${LOOKUP}`);
    await record(ADDRESS_TABLE.name, ADDRESS_TABLE.file, n);
    for (const name of TABLE_NAMES) {
      const spec = DATASET_TABLES[name];
      const joins: string[] = [];
      const columns = spec.columns.map((c) => {
        if (!spec.addressColumns.includes(c.name)) return `t."${c.name}"`;
        const alias = `a${joins.length}`;
        joins.push(`LEFT JOIN ${LOOKUP} ${alias} ON ${alias}.address = t."${c.name}"`);
        return `${alias}.id AS "${c.name}"`;
      });
      const file = `${name}.parquet`;
      await store.all(
        `COPY (SELECT ${columns.join(', ')} FROM ${name} t ${joins.join(' ')} ORDER BY t.rowid) ` +
          `TO '${join(dir, file)}' (FORMAT parquet, COMPRESSION zstd)`,
      );
      await record(name, file, (tables[name] ?? []).length);
    }
  } finally {
    await store.close();
  }
  const manifest: Manifest = {
    format_version: DATASET_FORMAT_VERSION,
    source: 'sim',
    generator_version: 'test',
    seed: 1,
    launches: tables.tokens?.length ?? 0,
    history_from: '2024-06-01T00:00:00.000Z',
    complete_since: '2024-06-01T00:00:00.000Z',
    current_through: '2024-07-01T00:00:00.000Z',
    ticks_retention: { full_resolution_from: '2024-06-29T00:00:00.000Z', resolution_s: 5, note: 'test' },
    tables: entries,
    content_hash: createHash('sha256')
      .update(
        Object.values(entries)
          .map((t) => t.sha256)
          .join(''),
      )
      .digest('hex'),
  };
  await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
