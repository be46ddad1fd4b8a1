import type { FeatureInputs } from '../features/feature-inputs.js';
import type { FrameOutcome } from '../features/risk-frame.js';
import { seededRandom } from '../stats/seeded-random.js';
import { tokenRow } from './table-rows.js';

export interface SampleLaunch {
  readonly inputs: FeatureInputs;
  readonly outcome: FrameOutcome;
  /** The probability the label was drawn with. */
  readonly p: number;
}

/**
 * Seeded synthetic launches for tests and benchmarks (not the simulator): snapshot inputs drawn
 * at random, a rug probability that is logistic in a few of them, and a label drawn from it.
 * One launch every `spacingMs` from `start`; outcomes settle 24 h after analysis.
 */
export function sampleFeatureInputs(
  n: number,
  seed: number,
  start = Date.UTC(2025, 0, 1),
  spacingMs = 432_000,
): SampleLaunch[] {
  const rnd = seededRandom(seed);
  const out: SampleLaunch[] = [];
  for (let i = 0; i < n; i++) {
    const analyzed = start + i * spacingMs;
    const insidersPct = 40 * rnd() ** 2;
    const bundledPct = rnd() < 0.33 ? 25 * rnd() : 0;
    const freshPct = 30 * rnd();
    const top10 = 15 + 50 * rnd();
    const priorRugs = rnd() < 0.3 ? Math.floor(5 * rnd()) : 0;
    const z =
      -1.2 + 0.08 * insidersPct + 0.06 * bundledPct + 0.03 * freshPct + 0.5 * priorRugs + 0.9 * (rnd() - 0.5);
    const p = 1 / (1 + Math.exp(-z));
    const rugged = rnd() < p;
    const holders = 60 + Math.floor(200 * rnd());
    const mint = `mint${String(i).padStart(8, '0')}`;
    const inputs: FeatureInputs = {
      ...tokenRow({ mint, creator: `creator${i % 997}`, analyzed_at: analyzed }),
      mint,
      platform: rnd() < 0.75 ? 'pumpfun' : 'letsbonk',
      created_at: analyzed - Math.floor(3_600_000 * rnd()),
      analyzed_at: analyzed,
      skipped: false,
      skip_reason: null,
      holders,
      top1_pct: rnd() < 0.02 ? null : top10 / 3,
      top10_pct: top10,
      snipers_n: Math.floor(8 * rnd()),
      snipers_pct: 10 * rnd(),
      block0_snipers_n: Math.floor(3 * rnd()),
      insiders_n: Math.floor(1 + 6 * rnd()),
      insiders_pct: insidersPct,
      bundle_n: bundledPct > 0 ? 1 + Math.floor(4 * rnd()) : 0,
      bundled_pct: bundledPct,
      fresh_n: Math.floor(30 * rnd()),
      fresh_pct: freshPct,
      early_n: Math.floor(40 * rnd()),
      early_pct: 30 * rnd(),
      groups_n: Math.floor(5 * rnd()),
      groups_pct: 20 * rnd(),
      whales_n: Math.floor(3 * rnd()),
      kols_n: Math.floor(2 * rnd()),
      dev_pct: 5 * rnd(),
      dev_sold: rnd() < 0.3,
      mint_authority: 'revoked',
      freeze_authority: rnd() < 0.02 ? 'active' : 'revoked',
      lp_state: 'burned',
      mcap_at_analysis_usd: 30_000 + 40_000 * rnd(),
      liquidity_at_analysis_usd: 10_000 + 10_000 * rnd(),
      tx_analyzed: 200 + Math.floor(800 * rnd()),
      fee_cost_sol: 0.5 * rnd(),
      scalp_score: rnd(),
      wash_share: 0.1 * rnd(),
      creator_prior_launches: priorRugs + Math.floor(2 * rnd()),
      creator_prior_settled: priorRugs,
      creator_prior_rugged: priorRugs,
      funder_prior_rugged: 0,
      funder_linked_n: Math.floor(3 * rnd()),
      funder_linked_pct: 5 * rnd(),
      holder_rows: holders + 20,
      exchange_funded_n: Math.floor(holders * 0.3 * rnd()),
      exchange_funded_supply_pct: 20 * rnd(),
      prior_insiders_n: Math.floor(2 * rnd()),
      rug_insiders_n: priorRugs > 0 ? 1 : 0,
      serial_snipers_n: Math.floor(4 * rnd()),
    };
    const peakGain = rugged ? 40 * rnd() : 300 * rnd();
    out.push({
      inputs,
      p,
      outcome: {
        mint: inputs.mint,
        settled_at: analyzed + 86_400_000,
        rugged,
        collapse_s: rugged ? Math.floor(30 + 3000 * rnd()) : null,
        exit_window: rnd() < 0.5,
        reached_2x: peakGain >= 100,
        reached_5x: peakGain >= 400,
        peak_gain_pct: peakGain,
        seconds_to_peak: Math.floor(10 + 5000 * rnd()),
      },
    });
  }
  return out;
}
