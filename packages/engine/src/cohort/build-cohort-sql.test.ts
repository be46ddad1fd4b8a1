import { describe, expect, it } from 'vitest';
import { buildCohortSql } from './build-cohort-sql.js';

const T = Date.UTC(2025, 5, 30);

describe('buildCohortSql', () => {
  it('writes each bound against the catalogue expression', () => {
    const q = buildCohortSql(
      { filters: { insiders_pct: { min: 10, max: 40.5 }, holders: { max: 300 } }, window_days: 14 },
      T,
    );
    expect(q.params).toEqual({});
    expect(q.sql).toContain(
      'count(*) FILTER (WHERE t.insiders_pct >= 10 AND t.insiders_pct <= 40.5 AND t.holders <= 300) AS n',
    );
    expect(q.sql).toContain(
      'quantile_cont(o.peak_gain_pct, [0.5, 0.75, 0.9]) FILTER (WHERE t.insiders_pct >= 10',
    );
    expect(q.sql).toContain('count(*) AS base_n');
  });

  it('restricts to the window as of T and to outcomes settled in it by T', () => {
    const { sql } = buildCohortSql({ filters: {}, window_days: 30 }, T);
    const from = T - 30 * 86_400_000;
    expect(sql).toContain(
      `WHERE t.analyzed_at > epoch_ms(${from}) AND t.analyzed_at <= epoch_ms(${T}) AND NOT t.skipped`,
    );
    expect(sql).toContain(`WHERE settled_at > epoch_ms(${from}) AND settled_at <= epoch_ms(${T})`);
    expect(sql).toContain('count(*) FILTER (WHERE TRUE) AS n');
  });

  it('reads the outcomes of the window in a materialized scan, which the join cannot filter by mint', () => {
    const { sql } = buildCohortSql({ filters: {}, window_days: 30 }, T);
    expect(sql).toMatch(
      /^WITH o AS MATERIALIZED \(\n {2}SELECT mint, rugged, [^)]* FROM outcomes\n {2}WHERE settled_at/,
    );
    expect(sql).toContain('FROM tokens t JOIN o ON o.mint = t.mint');
  });

  it('uses the catalogue expression of a derived field', () => {
    const { sql } = buildCohortSql({ filters: { seconds_to_migration: { max: 60 } }, window_days: 30 }, T);
    expect(sql).toContain('(epoch_ms(t.analyzed_at) - epoch_ms(t.created_at)) / 1000.0 <= 60');
  });

  it('lets nothing but catalogue fields and finite numbers into the text', () => {
    expect(() =>
      buildCohortSql({ filters: { 'holders; DROP TABLE tokens': { min: 1 } }, window_days: 30 }, T),
    ).toThrow(/unknown cohort field/);
    expect(() => buildCohortSql({ filters: { holders: { min: Number.NaN } }, window_days: 30 }, T)).toThrow(
      /finite/,
    );
    expect(() => buildCohortSql({ filters: {}, window_days: 30 }, T + 0.5)).toThrow(/whole epoch-ms/);
  });
});
