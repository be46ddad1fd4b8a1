import { describe, expect, it } from 'vitest';
import { rowsOfMintsSql } from './rows-of-mints-sql.js';

describe('rowsOfMintsSql', () => {
  it("selects a table's rows for the mints of a subquery, as a derived table to join", () => {
    expect(
      rowsOfMintsSql('outcomes', 'mint, rugged', 'SELECT mint FROM delta.holders WHERE wallet = $address'),
    ).toBe(
      '(SELECT mint, rugged FROM outcomes WHERE mint IN (SELECT mint FROM delta.holders WHERE wallet = $address))',
    );
  });
});
