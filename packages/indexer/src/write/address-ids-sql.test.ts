import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { addressIdsSql } from './address-ids-sql.js';
import { ADDRESS_STRINGS_DDL, ADDRESS_STRINGS_TABLE } from './address-string-ids.js';

/** Runs `addressIdsSql` over a dictionary and the ids listed as address strings; returns `address_ids` by id. */
async function numbered(strings: [number, string][], addressDictIds: number[]): Promise<unknown[][]> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run('CREATE TABLE stage_strings (id INTEGER, s VARCHAR)');
    for (const [id, s] of strings) await connection.run(`INSERT INTO stage_strings VALUES (${id}, '${s}')`);
    await connection.run(ADDRESS_STRINGS_DDL);
    for (const id of addressDictIds)
      await connection.run(`INSERT INTO ${ADDRESS_STRINGS_TABLE} VALUES (${id})`);
    await connection.run(addressIdsSql());
    return (
      await connection.runAndReadAll('SELECT dict_id, id, address FROM address_ids ORDER BY id, dict_id')
    ).getRows();
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

describe('addressIdsSql', () => {
  it('gives an address staged under two dictionary ids one address id', async () => {
    expect(
      await numbered(
        [
          [0, 'Bob'],
          [1, 'Amy'],
          [2, 'Bob'],
        ],
        [0, 1, 2],
      ),
    ).toEqual([
      [1, 0, 'Amy'],
      [0, 1, 'Bob'],
      [2, 1, 'Bob'],
    ]);
  });

  it('numbers only the strings listed as addresses, from 0 in address order', async () => {
    // 'a name' (1) is in the dictionary but was never staged in an address column.
    expect(
      await numbered(
        [
          [0, 'Zed'],
          [1, 'a name'],
          [2, 'Bob'],
          [3, 'Amy'],
          [4, 'Cat'],
        ],
        [0, 2, 3, 4],
      ),
    ).toEqual([
      [3, 0, 'Amy'],
      [2, 1, 'Bob'],
      [4, 2, 'Cat'],
      [0, 3, 'Zed'],
    ]);
  });
});
