import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { addressIdsSql } from './address-ids-sql.js';

describe('addressIdsSql', () => {
  it('reads every address column of every staged table', () => {
    const sql = addressIdsSql((t) => `stage_${t}`);
    for (const part of [
      'SELECT "wallet" AS dict_id FROM "stage_holders"',
      'SELECT "mint" AS dict_id FROM "stage_positions"',
      'SELECT "wallet_b" AS dict_id FROM "stage_edges"',
      'SELECT "wallet" AS dict_id FROM "stage_funders"',
      'SELECT "mint" AS dict_id FROM "stage_oracle"',
    ]) {
      expect(sql).toContain(part);
    }
    expect(sql).not.toContain('"funder"');
    expect(sql).not.toContain('"stage_tokens"');
    expect(sql).not.toContain('"stage_kol_trades"');
  });

  it('gives an address staged under two dictionary ids one address id', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      await connection.run('CREATE TABLE stage_strings (id INTEGER, s VARCHAR)');
      await connection.run("INSERT INTO stage_strings VALUES (0, 'Bob'), (1, 'Amy'), (2, 'Bob')");
      const staged = (name: string) => (name === 'funders' ? 's_funders' : 'empty');
      await connection.run(
        'CREATE TABLE empty (mint INTEGER, wallet INTEGER, funder INTEGER, wallet_a INTEGER, wallet_b INTEGER)',
      );
      await connection.run('CREATE TABLE s_funders (wallet INTEGER, funder INTEGER)');
      await connection.run('INSERT INTO s_funders VALUES (0, NULL), (1, NULL), (2, NULL)');
      await connection.run(addressIdsSql(staged));
      const rows = (
        await connection.runAndReadAll('SELECT dict_id, id, address FROM address_ids ORDER BY dict_id')
      ).getRows();
      expect(rows).toEqual([
        [0, 1, 'Bob'],
        [1, 0, 'Amy'],
        [2, 1, 'Bob'],
      ]);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });

  it('numbers only strings used as addresses, from 0 in address order', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      await connection.run('CREATE TABLE stage_strings (id INTEGER, s VARCHAR)');
      await connection.run(
        "INSERT INTO stage_strings VALUES (0, 'Zed'), (1, 'a name'), (2, 'Bob'), (3, 'Amy'), (4, 'Cat')",
      );
      // Only holders and funders hold rows; 'a name' (1) is only a funder, which is not an address column.
      const empty = (name: string) => (name === 'holders' || name === 'funders' ? `s_${name}` : 'empty');
      await connection.run(
        'CREATE TABLE empty (mint INTEGER, wallet INTEGER, funder INTEGER, wallet_a INTEGER, wallet_b INTEGER)',
      );
      await connection.run('CREATE TABLE s_holders (mint INTEGER, wallet INTEGER, funder INTEGER)');
      await connection.run('INSERT INTO s_holders VALUES (0, 2, 1), (4, 3, NULL)');
      await connection.run('CREATE TABLE s_funders (wallet INTEGER, funder INTEGER)');
      await connection.run('INSERT INTO s_funders VALUES (2, 1)');
      await connection.run(addressIdsSql(empty));
      const rows = (
        await connection.runAndReadAll('SELECT dict_id, id, address FROM address_ids ORDER BY id')
      ).getRows();
      expect(rows).toEqual([
        [3, 0, 'Amy'],
        [2, 1, 'Bob'],
        [4, 2, 'Cat'],
        [0, 3, 'Zed'],
      ]);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });
});
