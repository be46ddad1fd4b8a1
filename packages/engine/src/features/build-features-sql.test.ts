import { describe, expect, it } from 'vitest';
import {
  buildFeaturesSql,
  buildHeldFeatureSql,
  buildHeldFeaturesSql,
  buildUnheldMintsSql,
  featureHistoryTableSql,
  HISTORY_COLUMNS,
} from './build-features-sql.js';

describe('buildFeaturesSql', () => {
  it('uses one text for every scope, differing only in the target filter and whether holder rows are kept', () => {
    const all = buildFeaturesSql({ kind: 'all' });
    const one = buildFeaturesSql({ kind: 'mints', mints: ['M1'] });
    expect(all.sql).toContain('target_holders AS NOT MATERIALIZED (');
    expect(one.sql).toContain('target_holders AS MATERIALIZED (');
    expect(
      all.sql
        .replace('WHERE TRUE', 'WHERE t.mint IN (SELECT unnest($mints))')
        .replace('AS NOT MATERIALIZED', 'AS MATERIALIZED'),
    ).toBe(one.sql);
    expect(one.params).toEqual({ mints: ['M1'] });
    expect(all.params).toEqual({});
  });

  it('counts only earlier launches and outcomes settled by the analysis moment', () => {
    const { sql } = buildFeaturesSql({ kind: 'all' });
    expect(sql).toContain('JOIN tokens p ON p.creator = x.creator AND p.analyzed_at < x.analyzed_at');
    expect(sql).toContain('JOIN outcomes o ON o.mint = p.mint AND o.settled_at <= x.analyzed_at');
    expect(sql).toContain(
      'min(o.settled_at) FILTER (WHERE h.is_insider AND o.rugged) AS first_rug_insider_settled_at',
    );
    expect(sql).toContain(
      'count(*) FILTER (WHERE wf.first_rug_insider_settled_at <= th.analyzed_at) AS rug_insiders_n',
    );
    expect(sql).toContain('count(*) FILTER (WHERE wf.first_insider_at < th.analyzed_at) AS prior_insiders_n');
    expect(sql).toContain(
      'count(*) FILTER (WHERE th.is_sniper AND wf.first_sniper_at < th.analyzed_at) AS serial_snipers_n',
    );
    expect(sql).not.toMatch(/settled_at\s*(>|>=)\s*x\.analyzed_at/);
  });

  it('writes time scopes as checked epoch-ms literals', () => {
    const q = buildFeaturesSql({ kind: 'settled_between', from: 1000, to: 2000 });
    expect(q.params).toEqual({});
    expect(q.sql).toContain(
      'WHERE t.mint IN (SELECT mint FROM outcomes WHERE settled_at > epoch_ms(1000) AND settled_at <= epoch_ms(2000))',
    );
    expect(() => buildFeaturesSql({ kind: 'analyzed_between', from: 0.5, to: 1 })).toThrow(/whole epoch-ms/);
  });

  it('does not count exchange funders as a shared creator funder', () => {
    const { sql } = buildFeaturesSql({ kind: 'all' });
    expect(sql).toContain("SELECT DISTINCT address FROM known_wallets WHERE starts_with(kind, 'exchange')");
    expect(sql).toContain('ANTI JOIN exchanges e ON e.address = f.funder');
  });
});

describe('the served feature history', () => {
  it('reads one mint by point lookup, other scopes by their filter', () => {
    expect(buildHeldFeatureSql('M')).toMatchObject({
      sql: expect.stringContaining('WHERE j.mint = $mint AND h.mint = $mint'),
      params: { mint: 'M' },
    });
    expect(buildHeldFeaturesSql({ kind: 'mints', mints: ['M', 'N'] }).sql).toContain(
      't.mint IN (SELECT unnest($mints))',
    );
    expect(buildHeldFeaturesSql({ kind: 'all' }).sql).toContain(
      'JOIN ix_feature_history h ON h.mint = t.mint',
    );
  });

  it('finds the tokens it does not hold', () => {
    expect(buildUnheldMintsSql({ kind: 'all' }).sql).toContain(
      'NOT EXISTS (SELECT 1 FROM ix_feature_history h WHERE h.mint = t.mint)',
    );
  });

  it('stores every history column of the features query, by mint', () => {
    const sql = featureHistoryTableSql();
    for (const c of HISTORY_COLUMNS) expect(sql).toContain(c);
    expect(sql).toMatch(/ORDER BY mint$/);
  });
});
