import type { TokenRow } from '../tables/token-row.js';
import type { HistoryInputs } from './feature-inputs.js';

/**
 * The token-row columns `RISK_FEATURES` read, with the three a risk frame keeps per row (`mint`,
 * `analyzed_at`, `skipped`): a frame reads these rather than the whole row (at 240k launches the
 * scorecard's 80 k token rows of every column took most of its load; bench/RESULTS.md). Typed so
 * that a feature reading another column does not compile (`RiskInputs`).
 */
export const RISK_TOKEN_COLUMNS = [
  'mint',
  'analyzed_at',
  'skipped',
  'platform',
  'created_at',
  'holders',
  'top1_pct',
  'top10_pct',
  'snipers_n',
  'snipers_pct',
  'block0_snipers_n',
  'insiders_n',
  'insiders_pct',
  'bundle_n',
  'bundled_pct',
  'fresh_n',
  'fresh_pct',
  'early_pct',
  'groups_n',
  'groups_pct',
  'whales_n',
  'kols_n',
  'dev_pct',
  'dev_sold',
  'mint_authority',
  'freeze_authority',
  'lp_state',
  'mcap_at_analysis_usd',
  'liquidity_at_analysis_usd',
  'tx_analyzed',
  'fee_cost_sol',
  'scalp_score',
  'wash_share',
] as const satisfies readonly (keyof TokenRow)[];

/** What the risk features read of a features row. */
export type RiskInputs = Pick<TokenRow, (typeof RISK_TOKEN_COLUMNS)[number]> & HistoryInputs;

export interface RiskFeature {
  /** Stable key, stored in the model artifact. */
  readonly name: string;
  /** What a person reads in `contributions`. */
  readonly label: string;
  /** The raw model input; NaN means unknown (imputed with the training mean when scoring). */
  readonly value: (x: RiskInputs) => number;
}

const log1p = (v: number | null): number => (v === null ? Number.NaN : Math.log1p(Math.max(0, v)));
const num = (v: number | null): number => (v === null ? Number.NaN : v);
const flag = (v: boolean): number => (v ? 1 : 0);
const active = (v: 'revoked' | 'active' | null): number => (v === null ? Number.NaN : flag(v === 'active'));

/** The model's inputs, computed from one features-query row; the order is the weight order. */
export const RISK_FEATURES: readonly RiskFeature[] = [
  { name: 'letsbonk', label: 'Launched on letsbonk', value: (x) => flag(x.platform === 'letsbonk') },
  { name: 'holders_log', label: 'Holder count', value: (x) => log1p(x.holders) },
  { name: 'top1_pct', label: 'Top holder share of supply', value: (x) => num(x.top1_pct) },
  { name: 'top10_pct', label: 'Top-10 holders share of supply', value: (x) => num(x.top10_pct) },
  { name: 'snipers_pct', label: 'Sniper share of supply', value: (x) => x.snipers_pct },
  { name: 'snipers_log', label: 'Sniper count', value: (x) => log1p(x.snipers_n) },
  {
    name: 'block0_snipers_log',
    label: 'Snipers in the creation block',
    value: (x) => log1p(x.block0_snipers_n),
  },
  { name: 'insiders_pct', label: 'Insider share of supply', value: (x) => x.insiders_pct },
  { name: 'insiders_log', label: 'Insider count', value: (x) => log1p(x.insiders_n) },
  { name: 'bundled_pct', label: 'Bundled share of supply', value: (x) => x.bundled_pct },
  { name: 'bundle_log', label: 'Launch bundle size', value: (x) => log1p(x.bundle_n) },
  { name: 'fresh_pct', label: 'Fresh-wallet share of supply', value: (x) => x.fresh_pct },
  { name: 'fresh_log', label: 'Fresh-wallet count', value: (x) => log1p(x.fresh_n) },
  { name: 'early_pct', label: 'Early-buyer share of supply', value: (x) => x.early_pct },
  { name: 'groups_pct', label: 'Linked wallet groups share of supply', value: (x) => x.groups_pct },
  { name: 'groups_log', label: 'Linked wallet groups', value: (x) => log1p(x.groups_n) },
  { name: 'whales_log', label: 'Whale holders', value: (x) => log1p(x.whales_n) },
  { name: 'kols_log', label: 'KOL holders', value: (x) => log1p(x.kols_n) },
  { name: 'dev_pct', label: 'Creator share of supply', value: (x) => x.dev_pct },
  { name: 'dev_sold', label: 'Creator has sold', value: (x) => flag(x.dev_sold) },
  {
    name: 'mint_authority_active',
    label: 'Mint authority still active',
    value: (x) => active(x.mint_authority),
  },
  {
    name: 'freeze_authority_active',
    label: 'Freeze authority still active',
    value: (x) => active(x.freeze_authority),
  },
  {
    name: 'lp_unlocked',
    label: 'Liquidity not burned or locked',
    value: (x) => (x.lp_state === null ? Number.NaN : flag(x.lp_state === 'unlocked')),
  },
  { name: 'mcap_log', label: 'Market cap at analysis', value: (x) => log1p(x.mcap_at_analysis_usd) },
  {
    name: 'liquidity_log',
    label: 'Liquidity at analysis',
    value: (x) => log1p(x.liquidity_at_analysis_usd),
  },
  {
    name: 'time_to_migrate_log',
    label: 'Time from creation to migration',
    value: (x) => log1p((x.analyzed_at - x.created_at) / 1000),
  },
  { name: 'tx_log', label: 'Transactions before migration', value: (x) => log1p(x.tx_analyzed) },
  { name: 'fee_cost_log', label: 'Fees paid before migration', value: (x) => log1p(x.fee_cost_sol) },
  { name: 'scalp_score', label: 'Scalping activity', value: (x) => x.scalp_score },
  { name: 'wash_share', label: 'Wash-trading share', value: (x) => x.wash_share },
  {
    name: 'creator_prior_launches_log',
    label: "Creator's earlier launches",
    value: (x) => log1p(x.creator_prior_launches),
  },
  {
    name: 'creator_prior_rugs_log',
    label: "Creator's earlier rugs",
    value: (x) => log1p(x.creator_prior_rugged),
  },
  {
    name: 'creator_prior_survivors_log',
    label: "Creator's earlier launches that did not rug",
    value: (x) => log1p(x.creator_prior_settled - x.creator_prior_rugged),
  },
  {
    name: 'creator_rug_rate',
    label: "Creator's earlier rug rate",
    // Laplace-smoothed (rugs + 1) / (settled + 2), centred on ½; 0 without settled history
    value: (x) =>
      x.creator_prior_settled === 0 ? 0 : (x.creator_prior_rugged + 1) / (x.creator_prior_settled + 2) - 0.5,
  },
  {
    name: 'funder_linked_pct',
    label: "Supply held by wallets sharing the creator's funder",
    value: (x) => x.funder_linked_pct,
  },
  {
    name: 'funder_linked_log',
    label: "Holders sharing the creator's funder",
    value: (x) => log1p(x.funder_linked_n),
  },
  {
    name: 'funder_prior_rugs_log',
    label: "Rugs by other creators sharing the creator's funder",
    value: (x) => log1p(x.funder_prior_rugged),
  },
  {
    name: 'exchange_funded_share',
    label: 'Share of holders funded from exchanges',
    value: (x) => (x.holder_rows === 0 ? Number.NaN : x.exchange_funded_n / x.holder_rows),
  },
  {
    name: 'exchange_funded_pct',
    label: 'Supply held by exchange-funded wallets',
    value: (x) => x.exchange_funded_supply_pct,
  },
  {
    name: 'prior_insiders_log',
    label: 'Holders that were insiders before',
    value: (x) => log1p(x.prior_insiders_n),
  },
  {
    name: 'rug_insiders_log',
    label: 'Holders that were insiders in earlier rugs',
    value: (x) => log1p(x.rug_insiders_n),
  },
  { name: 'serial_snipers_log', label: 'Serial snipers present', value: (x) => log1p(x.serial_snipers_n) },
];

/** The raw input vector of one token, in `RISK_FEATURES` order (NaN = unknown). */
export function featureVector(x: RiskInputs, out = new Float64Array(RISK_FEATURES.length)): Float64Array {
  for (let j = 0; j < RISK_FEATURES.length; j++) out[j] = RISK_FEATURES[j].value(x);
  return out;
}
