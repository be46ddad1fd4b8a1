import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPlainValue } from './plain-value.js';
import { rowObjectsOf } from './row-objects-of.js';

let instance: DuckDBInstance;
let connection: DuckDBConnection;
beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  connection = await instance.connect();
});
afterAll(() => {
  connection.closeSync();
  instance.closeSync();
});

/** The rows as the reader's generic conversion gives them, and as `rowObjectsOf` does. */
async function bothWays(sql: string) {
  const expected = (await connection.runAndReadAll(sql)).convertRowObjects(toPlainValue);
  const actual = await rowObjectsOf(await connection.run(sql));
  return { expected, actual };
}

describe('rowObjectsOf', () => {
  it('gives the rows convertRowObjects(toPlainValue) gives, for every kind of column, nulls included, over several chunks', async () => {
    // 5,000 rows: two chunks of 2,048 and a partial one; every column but the list, the struct and
    // the blob is null on some rows (those two hold nulls inside).
    const { expected, actual } = await bothWays(`
      SELECT i::INTEGER AS int32, (i * 1000000007)::BIGINT AS int64, (i % 100)::TINYINT AS int8,
        i / 7.0 AS dbl, (i / 3.0)::FLOAT AS flt, (i % 3 = 0) AS flag, 'mint-' || i AS text,
        ('2026-01-01'::TIMESTAMP + INTERVAL (i) SECOND) AS ts, ('2026-01-01'::DATE + (i % 30)::INTEGER) AS day,
        (i * 1.25)::DECIMAL(12, 2) AS dec, [i, i + 1] AS list, {'a': i, 'b': 'x' || i} AS struct,
        (i % 5)::UBIGINT AS u64, INTERVAL (i) MINUTE AS span, 'abc'::BLOB AS bytes
      FROM (SELECT CASE WHEN i % 11 = 0 THEN NULL ELSE i END AS i FROM range(5000) t(i))`);
    expect(actual).toHaveLength(5000);
    expect(actual).toEqual(expected);
    expect(actual[1]).toMatchObject({ int64: 1000000007, flag: false, text: 'mint-1', list: [1, 2] });
    expect(actual[0]).toMatchObject({ int32: null, text: null, ts: null, dec: null, list: [null, null] });
  });

  it('names a repeated column as the reader does, and returns no rows for an empty result', async () => {
    const repeated = await bothWays('SELECT 1 AS a, 2 AS a, 3 AS b');
    expect(repeated.actual).toEqual(repeated.expected);
    expect(Object.keys(repeated.actual[0])).toHaveLength(3);
    const empty = await bothWays('SELECT 1 AS a WHERE false');
    expect(empty.actual).toEqual([]);
  });
});
