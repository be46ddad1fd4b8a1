import type { Queryable } from '../store/queryable.js';
import { servedLayoutOf } from '../store/served-layout.js';
import { BASE, DELTA } from '../store/serving-store-sql.js';
import type { Manifest } from '../tables/manifest.js';

export interface Coverage {
  readonly universe: string;
  readonly source: Manifest['source'];
  readonly platforms: readonly string[];
  readonly history_from: string;
  readonly complete_since: string;
  readonly current_through: string;
  readonly tokens_indexed: number;
  readonly example_mint: string | null;
  readonly not_covered: readonly string[];
  readonly index: {
    readonly window: { readonly from: string; readonly to: string };
    readonly tokens: number;
    readonly settled: number;
    readonly newest_analysis_at: string | null;
    readonly freshness_s: number | null;
    readonly ticks_full_resolution_from: string;
  };
  readonly stats: {
    readonly by_platform: Readonly<Record<string, number>>;
    readonly rug_rate_pct: number | null;
    readonly median_holders: number | null;
    readonly wallets_seen: number;
  };
  readonly start_here: {
    readonly mint: string;
    readonly symbol: string | null;
    readonly platform: string;
    readonly analyzed_at: string;
  } | null;
}

export const COVERAGE_SQL = `
SELECT
  (SELECT count(*) FROM tokens)::BIGINT AS tokens,
  (SELECT count(*) FROM outcomes)::BIGINT AS settled,
  (SELECT epoch_ms(max(analyzed_at)) FROM tokens)::DOUBLE AS newest_ms,
  (SELECT avg(CASE WHEN rugged THEN 100 ELSE 0 END) FROM outcomes) AS rug_rate_pct,
  (SELECT median(holders) FROM tokens WHERE NOT skipped)::DOUBLE AS median_holders
`;

/** Distinct holder wallets of a store without a served base: a pass over every holder row. */
export const WALLETS_SEEN_SQL = 'SELECT count(DISTINCT wallet)::BIGINT AS n FROM holders';

/**
 * Distinct holder wallets of a served store: the base's wallet table (`ix_wallet_ids`, one row per
 * wallet, built with the serving store) plus the appended rows' wallets it does not hold. A pass
 * over every holder row of a 240k-launch history (≈ 29 M rows, ≈ 10 M wallets) would cost
 * seconds and a hash table of every wallet on each refresh. An anti join: the same count as an
 * inner join subtracted failed nearly every time while another connection appended holders
 * ("Invalid unicode … in value construction", DuckDB's join filter pushdown; not with it disabled).
 */
export const SERVED_WALLETS_SEEN_SQL = `
SELECT ((SELECT count(*) FROM ${BASE}.main.ix_wallet_ids)
  + (SELECT count(*) FROM (SELECT DISTINCT wallet FROM ${DELTA}.holders) a
     ANTI JOIN ${BASE}.main.ix_wallet_ids w ON w.wallet = a.wallet))::BIGINT AS n
`;

export const COVERAGE_PLATFORMS_SQL = `SELECT platform, count(*)::BIGINT AS n FROM tokens GROUP BY platform ORDER BY platform`;

/** The most recent analysed, scoreable token; and the most recent one whose outcome has settled. */
export const COVERAGE_EXAMPLES_SQL = `
SELECT 'start' AS kind, mint, symbol, platform, epoch_ms(analyzed_at)::DOUBLE AS analyzed_ms
FROM (SELECT * FROM tokens WHERE NOT skipped ORDER BY analyzed_at DESC, mint LIMIT 1)
UNION ALL
SELECT 'example', t.mint, t.symbol, t.platform, epoch_ms(t.analyzed_at)::DOUBLE
FROM (SELECT t.* FROM tokens t JOIN outcomes o USING (mint) WHERE NOT t.skipped ORDER BY t.analyzed_at DESC, t.mint LIMIT 1) t
`;

const NOT_COVERED = [
  'tokens that never migrated off a pump.fun or letsbonk bonding curve (use analyze for those)',
  'older, established tokens and tokens from other launch platforms',
  'launches before history_from; between history_from and complete_since the record has gaps',
  'the bonding-curve price phase: price paths start at the analysis (migration) moment',
  'full-resolution price ticks for launches older than index.ticks_full_resolution_from (path summaries remain)',
];

const iso = (ms: number) => new Date(ms).toISOString();

/** What the dataset covers, computed from its tables and manifest, as of `now` (epoch ms). */
export async function describeCoverage(db: Queryable, manifest: Manifest, now: number): Promise<Coverage> {
  const served = (await servedLayoutOf(db)).baseTables.has('ix_wallet_ids');
  const [[c], [wallets], platforms, examples] = await Promise.all([
    db.all<{
      tokens: number;
      settled: number;
      newest_ms: number | null;
      rug_rate_pct: number | null;
      median_holders: number | null;
    }>(COVERAGE_SQL),
    db.all<{ n: number }>(served ? SERVED_WALLETS_SEEN_SQL : WALLETS_SEEN_SQL),
    db.all<{ platform: string; n: number }>(COVERAGE_PLATFORMS_SQL),
    db.all<{ kind: string; mint: string; symbol: string | null; platform: string; analyzed_ms: number }>(
      COVERAGE_EXAMPLES_SQL,
    ),
  ]);
  const start = examples.find((e) => e.kind === 'start');
  const example = examples.find((e) => e.kind === 'example') ?? start;
  return {
    universe:
      'Solana tokens launched on pump.fun or letsbonk, recorded at the moment they migrate off the bonding curve',
    source: manifest.source,
    platforms: ['pumpfun', 'letsbonk'],
    history_from: manifest.history_from,
    complete_since: manifest.complete_since,
    current_through: manifest.current_through,
    tokens_indexed: c.tokens,
    example_mint: example?.mint ?? null,
    not_covered: NOT_COVERED,
    index: {
      window: { from: manifest.history_from, to: manifest.current_through },
      tokens: c.tokens,
      settled: c.settled,
      newest_analysis_at: c.newest_ms === null ? null : iso(c.newest_ms),
      freshness_s: c.newest_ms === null ? null : Math.max(0, Math.round((now - c.newest_ms) / 1000)),
      ticks_full_resolution_from: manifest.ticks_retention.full_resolution_from,
    },
    stats: {
      by_platform: Object.fromEntries(platforms.map((p) => [p.platform, p.n])),
      rug_rate_pct: c.rug_rate_pct,
      median_holders: c.median_holders,
      wallets_seen: wallets.n,
    },
    start_here: start
      ? {
          mint: start.mint,
          symbol: start.symbol,
          platform: start.platform,
          analyzed_at: iso(start.analyzed_ms),
        }
      : null,
  };
}
