import { describe, expect, it } from 'vitest';
import { DATASET_TABLES } from '../tables/dataset-tables.js';
import { addressLookupSql, writeAddressesSql } from './write-addresses-sql.js';
import { writeTableSql } from './write-table-sql.js';

describe('writeTableSql', () => {
  it('writes address columns as ids, sorted by the table sortBy, then by part and row', () => {
    expect(
      writeTableSql(DATASET_TABLES.funders, {
        source: 'SELECT * FROM x',
        lookup: 'lk',
        file: "/d/o'neil/funders.parquet",
        sorted: true,
      }),
    ).toBe(
      [
        'COPY (SELECT a0.id AS "wallet", t."funder" AS "funder", t."funded_at" AS "funded_at", t."amount_sol" AS "amount_sol"',
        'FROM (SELECT * FROM x) t',
        'LEFT JOIN "lk" a0 ON a0.address = t."wallet"',
        'ORDER BY a0.id, t.__part, t.__row)',
        "TO '/d/o''neil/funders.parquet' (FORMAT parquet, COMPRESSION zstd)",
      ].join(' '),
    );
  });

  it('keeps the source order when not sorted', () => {
    expect(
      writeTableSql(DATASET_TABLES.kols, {
        source: 'S',
        lookup: 'lk',
        file: '/d/kols.parquet',
        sorted: false,
      }),
    ).toMatch(/FROM \(S\) t ORDER BY t\.__part, t\.__row\) TO/);
  });
});

describe('addressLookupSql', () => {
  it('numbers every address of every address column once, in address order', () => {
    expect(addressLookupSql('lk', [DATASET_TABLES.outcomes, DATASET_TABLES.edges])).toBe(
      'CREATE TABLE "lk" AS SELECT (row_number() OVER (ORDER BY address) - 1)::INTEGER AS id, address FROM (' +
        'SELECT "mint" AS address FROM main."outcomes" UNION SELECT "mint" AS address FROM main."edges" UNION ' +
        'SELECT "wallet_a" AS address FROM main."edges" UNION SELECT "wallet_b" AS address FROM main."edges") ' +
        'WHERE address IS NOT NULL',
    );
    expect(writeAddressesSql('lk', '/d/addresses.parquet')).toBe(
      `COPY (SELECT id, address FROM "lk" ORDER BY id) TO '/d/addresses.parquet' (FORMAT parquet, COMPRESSION zstd, PARQUET_VERSION v2)`,
    );
  });
});
