import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { searchGramsTableSql } from '../catalogue/search-grams-sql.js';
import { featureHistoryTableSql } from '../features/build-features-sql.js';
import { INDEX_COUNTS_SQL } from '../identity/identity-index.js';
import { identityIndexSql, oneConnectionIdentityIndexSql } from '../identity/identity-index-sql.js';
import { KOL_TOTALS_INDEX_SQL } from '../kols/kol-totals-index-sql.js';
import { kolTradesIndexSql } from '../kols/kol-trades-index-sql.js';
import { ADDRESS_TABLE } from '../tables/address-table.js';
import { DATASET_TABLES, TABLE_NAMES, type TableName } from '../tables/dataset-tables.js';
import type { Manifest } from '../tables/manifest.js';
import { walletIndexSql } from '../wallet/wallet-index-sql.js';
import { DatasetError } from './dataset-error.js';
import { checkTableFile } from './dataset-files.js';
import { INDEX_SQL } from './index-sql.js';
import { DROP_LOOKUPS_SQL, loadDatasetTables } from './load-dataset-tables.js';
import { toPlainValue } from './plain-value.js';
import { RETURN_FREED_MEMORY } from './return-freed-memory.js';
import { PARQUET_SOURCE, SERVED_FROM_IDS, servedTablesSql, servedViewsSql } from './served-tables-sql.js';
import { SERVING_FILE, servingInfoSql } from './serving-store-sql.js';
import { temporaryBuildPath } from './stale-builds.js';

export interface BuildServingStoreOptions {
  /** DuckDB memory limit of the build; it spills to a temporary folder beyond it. Default `"1536MB"`. */
  readonly memoryLimit?: string;
  /** DuckDB worker threads. Default: DuckDB's (the number of cores). */
  readonly threads?: number;
  /** Called after each step: steps done, steps in all, and the step just done. */
  readonly onProgress?: (done: number, total: number, step: string) => void;
}

const FEATURE_HISTORY_INDEX_SQL = 'CREATE UNIQUE INDEX ix_feature_history_mint ON ix_feature_history (mint)';

/**
 * FSST spends CPU on every string column written and wins little on addresses, which are random
 * base58 (dictionaries stay). A `SET`, because DuckDB (1.5.5) ignores this option when it is given
 * to `DuckDBInstance.create`: the builds that passed it there still wrote FSST segments.
 */
const WITHOUT_FSST_SQL = "SET disabled_compression_methods = 'fsst'";

/** Steps of a build besides the derived SQL: the table load and the closing checkpoint. */
const FIXED_STEPS = 2;

/**
 * Builds `serving.duckdb` in a dataset folder from its Parquet tables: every table (the `oracle`
 * included; `holders` and `positions` written by the identity index from the files' address ids,
 * `SERVED_FROM_IDS`), the mint indexes and `token_json`, the identity index (`identityIndexSql` on
 * `PARQUET_SOURCE`, its scratch tables temporary: `oneConnectionIdentityIndexSql`), every
 * token's feature history (`ix_feature_history`: point in time, so it never changes), the search
 * index (`ix_search_grams`), the wallet-ordered copies (`walletIndexSql`, `kolTradesIndexSql`),
 * the KOL summaries (`KOL_TOTALS_INDEX_SQL`) and the `serving_info` row naming the manifest's `content_hash`.
 * Written under a temporary name and renamed when complete, so a reader never opens a half-built
 * file and concurrent builds of the same dataset are harmless; what a killed build left is removed
 * first (`temporaryBuildPath`). Memory stays under `memoryLimit`:
 * DuckDB spills the rest to disk.
 */
export async function buildServingStore(
  root: string,
  manifest: Manifest,
  options: BuildServingStoreOptions = {},
): Promise<string> {
  const addresses = {
    file: await checkTableFile(root, manifest, ADDRESS_TABLE.name),
    rows: manifest.tables[ADDRESS_TABLE.name].rows,
  };
  const tables = new Map<TableName, { file: string; rows: number }>();
  for (const name of TABLE_NAMES) {
    const file = await checkTableFile(root, manifest, name).catch((cause: unknown) => {
      // The simulator's hidden `oracle` is served when present; only a reader asking for it needs it.
      if (!DATASET_TABLES[name].public && cause instanceof DatasetError && cause.code === 'table_missing')
        return null;
      throw cause;
    });
    if (file !== null) tables.set(name, { file, rows: manifest.tables[name].rows });
  }
  const target = join(root, SERVING_FILE);
  const temporary = await temporaryBuildPath(root, SERVING_FILE);
  /** The derived statements, once the tables are loaded and `mints` covers every holder mint. */
  const derivedSql = (mints: string) => [
    ...INDEX_SQL.map(({ table, sql }) => ({ sql, blame: `table file invalid: ${tables.get(table)?.file}` })),
    ...[
      ...oneConnectionIdentityIndexSql(identityIndexSql(PARQUET_SOURCE, servedTablesSql(mints))),
      // The served tables under the index's names, for the statements below and the counts.
      ...servedViewsSql((table) => table).map(({ name, sql }) => `CREATE TEMP VIEW ${name} AS ${sql}`),
      featureHistoryTableSql(),
      FEATURE_HISTORY_INDEX_SQL,
      searchGramsTableSql(),
      ...walletIndexSql(mints),
      kolTradesIndexSql(),
      ...KOL_TOTALS_INDEX_SQL,
      ...DROP_LOOKUPS_SQL,
    ].map((sql) => ({
      sql,
      blame: `serving store of ${root} cannot be built`,
    })),
  ];
  const config: Record<string, string> = {
    memory_limit: options.memoryLimit ?? '1536MB',
    temp_directory: `${temporary}.spill`,
    preserve_insertion_order: 'true',
    ...RETURN_FREED_MEMORY,
  };
  if (options.threads !== undefined) config.threads = String(options.threads);
  const instance = await DuckDBInstance.create(temporary, config);
  try {
    const connection = await instance.connect();
    try {
      await connection.run(WITHOUT_FSST_SQL);
      const { mints } = await loadDatasetTables(connection, addresses, tables, SERVED_FROM_IDS);
      const derived = derivedSql(mints);
      const total = derived.length + FIXED_STEPS;
      options.onProgress?.(1, total, 'tables');
      for (const [i, { sql, blame }] of derived.entries()) {
        await connection.run(sql).catch((cause: unknown) => {
          throw new DatasetError('table_invalid', `${blame} (${message(cause)})`, cause);
        });
        options.onProgress?.(i + 2, total, sql.slice(0, 60));
      }
      const counts = (await connection.runAndReadAll(INDEX_COUNTS_SQL)).convertRowObjects(toPlainValue)[0];
      await connection.run(servingInfoSql(manifest.content_hash, JSON.stringify(counts)));
      await connection.run('CHECKPOINT');
      options.onProgress?.(total, total, 'checkpoint');
    } finally {
      connection.closeSync();
    }
    instance.closeSync();
    await rename(temporary, target);
    return target;
  } catch (cause) {
    instance.closeSync();
    await rm(temporary, { force: true });
    throw cause;
  } finally {
    await rm(`${temporary}.wal`, { force: true });
    await rm(`${temporary}.spill`, { recursive: true, force: true });
  }
}

function message(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
