import { describe, expect, it } from 'vitest';
import { DATASET_TABLES } from '../tables/dataset-tables.js';
import { loadAddressesSql, mintLookupSql } from './load-addresses-sql.js';
import { loadTableSql } from './load-table-sql.js';

describe('loadTableSql', () => {
  it('selects the schema columns in order from the Parquet file, quoting the path', () => {
    expect(loadTableSql(DATASET_TABLES.kols, "/data/o'neil/kols.parquet")).toBe(
      'CREATE TABLE "kols" AS SELECT "wallet", "name", "handle", "verified", "followers" ' +
        "FROM read_parquet('/data/o''neil/kols.parquet')",
    );
  });

  it('joins address ids back to strings in file order, other columns as they are', () => {
    expect(loadTableSql(DATASET_TABLES.funders, '/d/funders.parquet')).toBe(
      [
        'CREATE TABLE "funders" AS SELECT a0.address AS "wallet", t."funder", t."funded_at", t."amount_sol"',
        "FROM read_parquet('/d/funders.parquet', file_row_number = true) t",
        'LEFT JOIN __addresses a0 ON a0.id = t."wallet"',
        'ORDER BY t.file_row_number',
      ].join(' '),
    );
  });

  it('keeps outcomes in settlement order, then file order (mint)', () => {
    expect(loadTableSql(DATASET_TABLES.outcomes, '/d/outcomes.parquet')).toBe(
      [
        'CREATE TABLE "outcomes" AS SELECT a0.address AS "mint", t."settled_at", t."rugged", t."rugged_at",',
        't."peak_mcap_usd", t."peak_at", t."trough_mcap_usd", t."seconds_to_peak", t."collapse_s",',
        't."exit_window", t."peak_gain_pct", t."reached_2x", t."reached_5x"',
        "FROM read_parquet('/d/outcomes.parquet', file_row_number = true) t",
        'LEFT JOIN __addresses a0 ON a0.id = t."mint"',
        'ORDER BY t."settled_at", t.file_row_number',
      ].join(' '),
    );
  });
});

describe('loadTableSql lookups', () => {
  it('joins each address column to the lookup table named for it', () => {
    const sql = loadTableSql(DATASET_TABLES.positions, '/d/p.parquet', (c) =>
      c === 'mint' ? '__mints' : '__addresses',
    );
    expect(sql).toContain('LEFT JOIN __addresses a0 ON a0.id = t."wallet"');
    expect(sql).toContain('LEFT JOIN __mints a1 ON a1.id = t."mint"');
  });
});

describe('mintLookupSql', () => {
  it('keeps the addresses that are token mints', () => {
    expect(mintLookupSql()).toBe(
      'CREATE TEMP TABLE __mints AS SELECT a.id, a.address FROM __addresses a SEMI JOIN tokens t ON t.mint = a.address',
    );
  });
});

describe('loadAddressesSql', () => {
  it('loads ids and addresses into a temporary table', () => {
    expect(loadAddressesSql("/d/o'neil/addresses.parquet")).toBe(
      "CREATE TEMP TABLE __addresses AS SELECT id, address FROM read_parquet('/d/o''neil/addresses.parquet')",
    );
  });
});
