export interface CohortField {
  readonly name: string;
  readonly type: 'integer' | 'number';
  readonly description: string;
  /** SQL over `tokens t`; the catalogue is the only source of identifiers in cohort SQL. */
  readonly sql: string;
}

const col = (name: string, type: CohortField['type'], description: string): CohortField => ({
  name,
  type,
  description,
  sql: `t.${name}`,
});

/** The fields a cohort may filter on (`/v1/cohort/fields`), all snapshot values at analysis. */
export const COHORT_FIELDS: readonly CohortField[] = [
  col('mcap_at_analysis_usd', 'number', 'Market cap at analysis (migration), USD'),
  col('liquidity_at_analysis_usd', 'number', 'Pool liquidity at analysis, USD'),
  col('holders', 'integer', 'Wallets holding a positive balance at analysis'),
  col('top1_pct', 'number', 'Largest holder share of supply, % (curve, pool and burn excluded)'),
  col('top10_pct', 'number', 'Top-10 holders share of supply, %'),
  col('snipers_n', 'integer', 'Sniper wallets (first buy within 2 slots of the create)'),
  col('snipers_pct', 'number', 'Sniper share of supply, %'),
  col('block0_snipers_n', 'integer', 'Snipers that bought in the creation block'),
  col('insiders_n', 'integer', 'Insider wallets (creator, bundle, creator-funded)'),
  col('insiders_pct', 'number', 'Insider share of supply, %'),
  col('bundle_n', 'integer', 'Buys in the launch bundle'),
  col('bundled_pct', 'number', 'Bundled share of supply, %'),
  col('fresh_n', 'integer', 'Fresh wallets (funded ≤ 24 h before buying, no earlier launch)'),
  col('fresh_pct', 'number', 'Fresh-wallet share of supply, %'),
  col('early_n', 'integer', 'Early buyers (first buy ≤ 300 s after the create)'),
  col('early_pct', 'number', 'Early-buyer share of supply, %'),
  col('groups_n', 'integer', 'Linked wallet groups'),
  col('groups_pct', 'number', 'Linked wallet groups share of supply, %'),
  col('whales_n', 'integer', 'Holders with ≥ 100 SOL'),
  col('kols_n', 'integer', 'Tracked KOL wallets holding'),
  col('dev_pct', 'number', 'Creator share of supply, %'),
  col('tx_analyzed', 'integer', 'Transactions analysed before migration'),
  col('fee_cost_sol', 'number', 'Fees paid before migration, SOL'),
  col('scalp_score', 'number', 'Scalping activity, 0–1'),
  col('wash_share', 'number', 'Wash-trading share of volume, 0–1'),
  {
    name: 'seconds_to_migration',
    type: 'number',
    description: 'Seconds from token creation to migration',
    sql: '(epoch_ms(t.analyzed_at) - epoch_ms(t.created_at)) / 1000.0',
  },
];
