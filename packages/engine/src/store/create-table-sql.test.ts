import { describe, expect, it } from 'vitest';
import { DATASET_TABLES } from '../tables/dataset-tables.js';
import { createTableSql } from './create-table-sql.js';

describe('createTableSql', () => {
  it('declares every column of the spec with its SQL type, quoted', () => {
    expect(createTableSql(DATASET_TABLES.funders)).toBe(
      'CREATE TABLE "funders" ("wallet" VARCHAR, "funder" VARCHAR, "funded_at" TIMESTAMP, "amount_sol" DOUBLE)',
    );
  });
});

describe('createTableSql in a schema', () => {
  it('qualifies the table with the schema', () => {
    expect(createTableSql(DATASET_TABLES.funders, 'delta')).toMatch(
      /^CREATE TABLE "delta"\."funders" \("wallet" VARCHAR/,
    );
  });
});
