import { describe, expect, it } from 'vitest';
import { buildKolDetailSql, KOL_TOKENS_SQL, KOL_TRADES_SQL } from './build-kol-detail-sql.js';
import { buildKolStatsSql } from './build-kol-stats-sql.js';
import { KOL_TRADES_TABLE } from './kol-trades-index-sql.js';

describe('buildKolDetailSql', () => {
  it('scans kol_trades on a store without the KOL-ordered trades', () => {
    expect(buildKolDetailSql({ kolTrades: false })).toEqual({
      trades: KOL_TRADES_SQL,
      tokens: KOL_TOKENS_SQL,
    });
  });

  it("reads the KOL's range of the base's trades and the trades appended since, counted by a scalar subquery", () => {
    const sql = buildKolDetailSql({ kolTrades: true });
    for (const text of [sql.trades, sql.tokens]) {
      expect(text).toContain(`FROM ${KOL_TRADES_TABLE} l`);
      expect(text).toContain('WHERE l.wallet = $wallet');
      expect(text).toContain('FROM delta.kol_trades k');
      expect(text).toContain('LEFT JOIN delta.outcomes o ON o.mint = l.mint');
      expect(text).not.toMatch(/FROM kol_trades|OVER\s*\(\s*\)/);
    }
    expect(sql.trades).toContain('(SELECT count(*) FROM trades) AS total');
    expect(sql.tokens).toContain('(SELECT count(*) FROM per_token) AS total');
  });

  it("reads one KOL's stats from its range of the served trades, the board from kol_trades", () => {
    const one = buildKolStatsSql({ days: 7, sort: 'profit', limit: null, wallet: 'w', kolTrades: true }, 0);
    expect(one.sql).toContain(`FROM ${KOL_TRADES_TABLE} l`);
    expect(one.sql).not.toMatch(/FROM kol_trades|JOIN outcomes o ON o.mint = p.mint/);
    const board = buildKolStatsSql({ days: 7, sort: 'profit', limit: null, kolTrades: true }, 0);
    expect(board.sql).toContain('FROM kol_trades k');
    expect(board.sql).not.toContain(KOL_TRADES_TABLE);
  });
});
