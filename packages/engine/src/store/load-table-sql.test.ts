import { describe, expect, it } from 'vitest';
import { DATASET_TABLES } from '../tables/dataset-tables.js';
import { loadTableSql } from './load-table-sql.js';

describe('loadTableSql', () => {
  it('selects the schema columns in order from the Parquet file, quoting the path', () => {
    expect(loadTableSql(DATASET_TABLES.kols, "/data/o'neil/kols.parquet")).toBe(
      'CREATE TABLE "kols" AS SELECT "wallet", "name", "handle", "verified", "followers" ' +
        "FROM read_parquet('/data/o''neil/kols.parquet')",
    );
  });
});
