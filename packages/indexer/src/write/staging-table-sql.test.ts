import { DATASET_TABLES } from '@launchlens/engine/internal';
import { describe, expect, it } from 'vitest';
import { stagingTableSql } from './staging-table-sql.js';

describe('stagingTableSql', () => {
  it('stages strings as dictionary ids, numbers and timestamps as DOUBLE, then the sequence column', () => {
    expect(stagingTableSql(DATASET_TABLES.funders, 'stage_funders')).toBe(
      'CREATE TABLE "stage_funders" ("wallet" INTEGER, "funder" INTEGER, "funded_at" DOUBLE, "amount_sol" DOUBLE, "__seq" DOUBLE)',
    );
    expect(stagingTableSql(DATASET_TABLES.kols, 'k')).toBe(
      'CREATE TABLE "k" ("wallet" INTEGER, "name" INTEGER, "handle" INTEGER, "verified" BOOLEAN, "followers" DOUBLE, "__seq" DOUBLE)',
    );
  });
});
