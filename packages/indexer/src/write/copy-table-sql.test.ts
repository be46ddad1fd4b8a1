import { DATASET_TABLES } from '@launchlens/engine/internal';
import { describe, expect, it } from 'vitest';
import { copyTableSql } from './copy-table-sql.js';

describe('copyTableSql', () => {
  it('writes address columns as address ids, casts BIGINT and TIMESTAMP, sorts by sortBy then arrival, writes zstd Parquet', () => {
    expect(copyTableSql(DATASET_TABLES.positions, 'stage_positions', "/tmp/it's/positions.parquet")).toBe(
      [
        'COPY ( SELECT a0.id AS "wallet", a1.id AS "mint", CAST(t."buys" AS BIGINT) AS "buys",',
        'CAST(t."sells" AS BIGINT) AS "sells", t."bought_sol" AS "bought_sol", t."sold_sol" AS "sold_sol",',
        't."realized_sol" AS "realized_sol", epoch_ms(CAST(t."first_at" AS BIGINT)) AS "first_at",',
        'epoch_ms(CAST(t."last_at" AS BIGINT)) AS "last_at"',
        'FROM "stage_positions" t',
        'LEFT JOIN address_ids a0 ON a0.dict_id = t."wallet"',
        'LEFT JOIN address_ids a1 ON a1.dict_id = t."mint"',
        'ORDER BY a0.id, a1.id, t."__seq")',
        "TO '/tmp/it''s/positions.parquet' (FORMAT parquet, COMPRESSION zstd)",
      ].join(' '),
    );
  });

  it('joins other strings back to the dictionary rows the table uses', () => {
    expect(copyTableSql(DATASET_TABLES.kols, 'stage_kols', '/tmp/kols.parquet')).toBe(
      [
        'COPY ( WITH used_strings AS (SELECT id, s FROM stage_strings',
        'WHERE id IN (SELECT "wallet" FROM "stage_kols" UNION ALL SELECT "name" FROM "stage_kols"',
        'UNION ALL SELECT "handle" FROM "stage_kols"))',
        'SELECT d0.s AS "wallet", d1.s AS "name", d2.s AS "handle", t."verified" AS "verified",',
        'CAST(t."followers" AS BIGINT) AS "followers"',
        'FROM "stage_kols" t',
        'LEFT JOIN used_strings d0 ON d0.id = t."wallet"',
        'LEFT JOIN used_strings d1 ON d1.id = t."name"',
        'LEFT JOIN used_strings d2 ON d2.id = t."handle"',
        'ORDER BY d0.s, t."__seq")',
        "TO '/tmp/kols.parquet' (FORMAT parquet, COMPRESSION zstd)",
      ].join(' '),
    );
  });
});
