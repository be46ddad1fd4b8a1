import { DATASET_TABLES } from '@launchlens/engine';
import { describe, expect, it } from 'vitest';
import { copyTableSql } from './copy-table-sql.js';

describe('copyTableSql', () => {
  it('joins string ids back, casts BIGINT and TIMESTAMP, sorts by sortBy then arrival, writes zstd Parquet', () => {
    expect(copyTableSql(DATASET_TABLES.positions, 'stage_positions', "/tmp/it's/positions.parquet")).toBe(
      [
        'COPY (SELECT d0.s AS "wallet", d1.s AS "mint", CAST(t."buys" AS BIGINT) AS "buys",',
        'CAST(t."sells" AS BIGINT) AS "sells", t."bought_sol" AS "bought_sol", t."sold_sol" AS "sold_sol",',
        't."realized_sol" AS "realized_sol", epoch_ms(CAST(t."first_at" AS BIGINT)) AS "first_at",',
        'epoch_ms(CAST(t."last_at" AS BIGINT)) AS "last_at"',
        'FROM "stage_positions" t',
        'LEFT JOIN stage_strings d0 ON d0.id = t."wallet"',
        'LEFT JOIN stage_strings d1 ON d1.id = t."mint"',
        'ORDER BY d0.s, d1.s, t."__seq")',
        "TO '/tmp/it''s/positions.parquet' (FORMAT parquet, COMPRESSION zstd)",
      ].join(' '),
    );
  });
});
