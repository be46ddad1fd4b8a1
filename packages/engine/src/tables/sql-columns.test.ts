import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATASET_TABLES } from './dataset-tables.js';
import { sqlColumnsOf } from './sql-columns.js';

describe('sqlColumnsOf', () => {
  it('maps names ending in _at to TIMESTAMP, ints to BIGINT and nullables to nullable', () => {
    const cols = sqlColumnsOf(
      z.object({ at: z.number(), seen_at: z.number().nullable(), n: z.int(), x: z.number(), s: z.string() }),
    );
    expect(cols).toEqual([
      { name: 'at', type: 'TIMESTAMP', nullable: false },
      { name: 'seen_at', type: 'TIMESTAMP', nullable: true },
      { name: 'n', type: 'BIGINT', nullable: false },
      { name: 'x', type: 'DOUBLE', nullable: false },
      { name: 's', type: 'VARCHAR', nullable: false },
    ]);
  });

  it('every table sorts by columns it has', () => {
    for (const t of Object.values(DATASET_TABLES)) {
      const names = new Set(t.columns.map((c) => c.name));
      for (const c of t.sortBy) expect(names.has(c), `${t.name}.${c}`).toBe(true);
    }
  });
});
