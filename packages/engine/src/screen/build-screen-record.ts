import type { BandCalibration } from '../calibrate/band-calibration.js';
import type { TokenScore } from '../model/score-token.js';
import { actionOf } from '../model/verdict.js';
import type { TokenRow } from '../tables/token-row.js';
import type { ScreenRecord } from './screen-record.js';

const one = (v: number) => (Math.round(v * 10) / 10).toString();

/**
 * Assembles the screen record of one token from its row, its score and the band calibration in
 * force. confidence = (known share of the inputs) × (1 − width of the band rate's 95 % interval).
 */
export function buildScreenRecord(
  token: TokenRow,
  score: TokenScore,
  calibration: BandCalibration,
): ScreenRecord {
  const facts: ScreenRecord['facts'] = {
    holders: token.holders,
    top1_pct: token.top1_pct,
    top10_pct: token.top10_pct,
    snipers_n: token.snipers_n,
    snipers_pct: token.snipers_pct,
    insiders_n: token.insiders_n,
    insiders_pct: token.insiders_pct,
    fresh_n: token.fresh_n,
    fresh_pct: token.fresh_pct,
    early_n: token.early_n,
    early_pct: token.early_pct,
    groups_n: token.groups_n,
    groups_pct: token.groups_pct,
    bundle_n: token.bundle_n,
    bundled_pct: token.bundled_pct,
    dev_pct: token.dev_pct,
    dev_sold: token.dev_sold,
    mcap_at_analysis_usd: token.mcap_at_analysis_usd,
    price_at_analysis_usd: token.price_at_analysis_usd,
    liquidity_at_analysis_usd: token.liquidity_at_analysis_usd,
  };
  const safety: ScreenRecord['safety'] = {
    mint_authority: token.mint_authority ?? 'unknown',
    freeze_authority: token.freeze_authority ?? 'unknown',
    lp: token.lp_state ?? 'unknown',
    timelock: 'unknown',
  };
  const head = {
    mint: token.mint,
    name: token.name,
    symbol: token.symbol,
    platform: token.platform,
    analyzed_at: new Date(token.analyzed_at).toISOString(),
  };
  const who = token.symbol ? `$${token.symbol}` : 'This token';
  if (score.kind === 'unknown') {
    return {
      ...head,
      rug_risk: {
        score: null,
        verdict: 'unknown',
        action: 'unknown',
        rug_probability_pct: null,
        confidence: 0,
        model_version: calibration.model_version,
        unknown_reason: score.reason,
        calibration: null,
        collapse_speed: null,
        contributions: null,
      },
      facts,
      safety,
      says: `${who} has no rug verdict: holder data was lacking at analysis (${score.reason}), which does not mean it is safe.`,
    };
  }
  const band = calibration.bands[score.band];
  const width = (band.interval_95.hi_pct - band.interval_95.lo_pct) / 100;
  const confidence = Math.round(100 * score.known_share * (1 - width)) / 100;
  const top = score.contributions.factors.find((c) => c.points > 0);
  const rate = band.rug_rate_pct;
  const says =
    `${who} is ${score.band} rug risk (score ${score.score}/100, ${actionOf(score.band)}): ` +
    (rate === null
      ? 'no settled token of this band is known yet'
      : calibration.trend === null
        ? `${one(rate)}% of ${band.n} ${score.band}-band tokens rugged in the ${band.window.days} days to ${band.window.to.slice(0, 10)}`
        : `${one(rate)}% of ${score.band}-band tokens rug now, by the trend of the ${band.n} settled in the ${band.window.days} days to ${band.window.to.slice(0, 10)} (${one(band.window_rate_pct!)}% over the whole window)`) +
    (top ? `; what raises it most is ${top.label.toLowerCase()} (+${one(top.points)} points).` : '.');
  return {
    ...head,
    rug_risk: {
      score: score.score,
      verdict: score.band,
      action: actionOf(score.band),
      rug_probability_pct: rate,
      confidence,
      model_version: calibration.model_version,
      unknown_reason: null,
      calibration: {
        band: score.band,
        rug_rate_pct: rate,
        rate_method: band.rate_method,
        window_rate_pct: band.window_rate_pct,
        n: band.n,
        rugged: band.rugged,
        interval_95: band.interval_95,
        window: band.window,
        as_of: calibration.as_of,
      },
      collapse_speed: band.collapse_speed,
      contributions: { ...score.contributions, factors: [...score.contributions.factors] },
    },
    facts,
    safety,
    says,
  };
}
