import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { DICTIONARY_DDL, DICTIONARY_TABLE, KEYED_SLOTS, StringDictionary } from './string-dictionary.js';

describe('StringDictionary', () => {
  it('numbers strings in order of first sight and stores each once', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    await connection.run(DICTIONARY_DDL);
    const appender = await connection.createAppender(DICTIONARY_TABLE);
    const dictionary = new StringDictionary(appender);
    const words = Array.from({ length: 5_000 }, (_, i) => `w${i % 3_000}`);
    const ids = words.map((w) => dictionary.idOf(w));
    expect(ids.slice(0, 3)).toEqual([0, 1, 2]);
    expect(ids[3_000]).toBe(0);
    expect(dictionary.size).toBe(3_000);
    dictionary.flush();
    appender.closeSync();
    const rows = (
      await connection.runAndReadAll(`SELECT id, s FROM ${DICTIONARY_TABLE} ORDER BY id`)
    ).getRows();
    expect(rows).toHaveLength(3_000);
    expect(rows.every(([id, s]) => s === `w${id}`)).toBe(true);
    connection.closeSync();
    instance.closeSync();
  });

  it('numbers a keyed string once while its key keeps its slot, again once another key took it', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    await connection.run(DICTIONARY_DDL);
    const appender = await connection.createAppender(DICTIONARY_TABLE);
    const dictionary = new StringDictionary(appender);
    expect(dictionary.idOfKeyed(7, 'seven')).toBe(0);
    expect(dictionary.idOf('word')).toBe(1);
    expect(dictionary.idOfKeyed(7, 'seven')).toBe(0);
    // A key in the same slot takes it: 7 is then numbered again, with the same text.
    expect(dictionary.idOfKeyed(7 + KEYED_SLOTS, 'other')).toBe(2);
    expect(dictionary.idOfKeyed(7, 'seven')).toBe(3);
    expect(dictionary.idOf('word')).toBe(1);
    dictionary.flush();
    appender.closeSync();
    const rows = (
      await connection.runAndReadAll(`SELECT id, s FROM ${DICTIONARY_TABLE} ORDER BY id`)
    ).getRows();
    expect(rows).toEqual([
      [0, 'seven'],
      [1, 'word'],
      [2, 'other'],
      [3, 'seven'],
    ]);
    connection.closeSync();
    instance.closeSync();
  });
});
