import { describe, expect, it } from 'vitest';
import { attachServingSql, baseViewSql, servingInfoSql, unionViewSql } from './serving-store-sql.js';

describe('serving store SQL', () => {
  it('attaches the serving file read-only, quoting the path', () => {
    expect(attachServingSql("/data/it's/serving.duckdb")).toBe(
      "ATTACH '/data/it''s/serving.duckdb' AS base (READ_ONLY)",
    );
  });

  it('names a table as the union of its base rows and its delta rows, in the given columns', () => {
    expect(unionViewSql('tokens', ['mint', 'symbol'])).toBe(
      'CREATE VIEW main."tokens" AS SELECT "mint", "symbol" FROM base.main."tokens" UNION ALL SELECT "mint", "symbol" FROM delta."tokens"',
    );
  });

  it('exposes a base-only table under its own name', () => {
    expect(baseViewSql('ix_tie_facts')).toBe(
      'CREATE VIEW main."ix_tie_facts" AS SELECT * FROM base.main."ix_tie_facts"',
    );
  });

  it('records the serving version, the dataset hash and the identity counts in one row', () => {
    expect(servingInfoSql('ab', '{"tokens":2}')).toBe(
      `CREATE TABLE serving_info AS SELECT 9 AS serving_version, 'ab' AS content_hash, '{"tokens":2}' AS identity`,
    );
  });
});
