import { describe, expect, it } from 'vitest';
import { buildTiedLaunchesSql } from './build-tied-launches-sql.js';
import { buildWalletHistorySql } from './build-wallet-history-sql.js';

describe('identity SQL builders', () => {
  it('tied launches are cut at `until` for tokens, outcomes and paths', () => {
    const q = buildTiedLaunchesSql('M', 'C', 1234);
    expect(q.params).toEqual({ mint: 'M', creator: 'C', until: 1234 });
    expect(q.sql).toContain('t.analyzed_at <= epoch_ms(CAST($until AS BIGINT))');
    expect(q.sql).toContain('o.settled_at <= epoch_ms(CAST($until AS BIGINT))');
    expect(q.sql).toContain('p.last_tick_at <= epoch_ms(CAST($until AS BIGINT))');
    expect(q.sql).toContain('(s.shared_insiders > 0 OR t.creator = $creator)');
  });

  it('wallet history excludes the token itself and later positions', () => {
    const q = buildWalletHistorySql('M', 99);
    expect(q.params).toEqual({ mint: 'M', until: 99 });
    expect(q.sql).toContain('h.mint <> $mint');
    expect(q.sql).toContain('p.last_at <= epoch_ms(CAST($until AS BIGINT))');
  });
});
