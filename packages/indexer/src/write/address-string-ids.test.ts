import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { ADDRESS_STRINGS_DDL, ADDRESS_STRINGS_TABLE, AddressStringIds } from './address-string-ids.js';

describe('AddressStringIds', () => {
  it('writes each id added, once, in ascending order, past its first size and across chunks', async () => {
    const ids = new AddressStringIds();
    const added = [0, 31, 32, 5_000, 3, 2_000_000, 31, 1_048_575, 1_048_576];
    for (let id = 100_000; id < 105_000; id += 2) added.push(id);
    for (const id of added) ids.add(id);
    expect(ids.has(31)).toBe(true);
    expect(ids.has(30)).toBe(false);
    expect(ids.has(1 << 30)).toBe(false);
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      await connection.run(ADDRESS_STRINGS_DDL);
      const appender = await connection.createAppender(ADDRESS_STRINGS_TABLE);
      ids.writeTo(appender);
      appender.closeSync();
      const rows = (await connection.runAndReadAll(`SELECT id FROM ${ADDRESS_STRINGS_TABLE}`)).getRows();
      expect(rows.map(([id]) => Number(id))).toEqual([...new Set(added)].sort((a, b) => a - b));
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });
});
