import type { Queryable } from '@launchlens/engine';

export interface BaseRate {
  readonly name: string;
  readonly measured: number;
  readonly target: string;
  readonly ok: boolean;
}

export interface BaseRates {
  readonly launches: number;
  readonly settled: number;
  readonly rates: readonly BaseRate[];
}

/** SQL of the dataset report: one row of measured shares over every analysed launch. */
export const BASE_RATES_SQL = `
WITH t AS (SELECT * FROM tokens),
o AS (
  SELECT o.rugged, epoch_ms(o.rugged_at) - epoch_ms(t.analyzed_at) AS rug_after_ms
  FROM outcomes o JOIN tokens t USING (mint)
),
c AS (SELECT creator, count(*) AS n FROM tokens GROUP BY creator)
SELECT
  (SELECT count(*) FROM t)::BIGINT AS launches,
  (SELECT count(*) FROM o)::BIGINT AS settled,
  (SELECT avg(CASE WHEN rugged THEN 100 ELSE 0 END) FROM o) AS rug_pct,
  (SELECT avg(CASE WHEN platform = 'pumpfun' THEN 100 ELSE 0 END) FROM t) AS pumpfun_pct,
  (SELECT avg(CASE WHEN block0_snipers_n > 0 THEN 100 ELSE 0 END) FROM t) AS block0_snipe_pct,
  (SELECT avg(CASE WHEN bundle_n > 0 THEN 100 ELSE 0 END) FROM t) AS bundle_pct,
  (SELECT avg(CASE WHEN rug_after_ms <= 6 * 3600 * 1000 THEN 100 ELSE 0 END) FROM o WHERE rugged) AS rugs_within_6h_pct,
  (SELECT avg(n) FROM c) AS creator_mean_launches,
  (SELECT max(n) FROM c)::BIGINT AS creator_max_launches,
  (SELECT quantile_cont(n, 0.99) FROM c) AS creator_p99_launches
`;

interface Row {
  launches: number;
  settled: number;
  rug_pct: number | null;
  pumpfun_pct: number | null;
  block0_snipe_pct: number | null;
  bundle_pct: number | null;
  rugs_within_6h_pct: number | null;
  creator_mean_launches: number | null;
  creator_max_launches: number | null;
  creator_p99_launches: number | null;
}

const rate = (
  name: string,
  measured: number | null,
  target: string,
  ok: (v: number) => boolean,
): BaseRate => ({
  name,
  measured: measured ?? Number.NaN,
  target,
  ok: measured !== null && ok(measured),
});

/** Measures the dataset's base rates beside the targets of DESIGN §4 (the simulator's contract). */
export async function measureBaseRates(db: Queryable): Promise<BaseRates> {
  const [r] = await db.all<Row>(BASE_RATES_SQL);
  return {
    launches: r.launches,
    settled: r.settled,
    rates: [
      rate('rug_pct', r.rug_pct, '60–75 % of settled launches', (v) => v >= 60 && v <= 75),
      rate('pumpfun_pct', r.pumpfun_pct, '≈ 75 % of migrations (70–80)', (v) => v >= 70 && v <= 80),
      rate('block0_snipe_pct', r.block0_snipe_pct, '≥ 50 % of launches', (v) => v >= 50),
      rate('bundle_pct', r.bundle_pct, '≈ 1/3 of launches (28–38)', (v) => v >= 28 && v <= 38),
      rate('rugs_within_6h_pct', r.rugs_within_6h_pct, '≥ 85 % of rugs', (v) => v >= 85),
      rate(
        'creator_mean_launches',
        r.creator_mean_launches,
        '≈ 2–3 launches per creator',
        (v) => v >= 2 && v <= 3,
      ),
      rate(
        'creator_max_launches',
        r.creator_max_launches,
        'heavy tail: max ≥ 10 × mean',
        (v) => v >= 10 * (r.creator_mean_launches ?? Number.POSITIVE_INFINITY),
      ),
    ],
  };
}
