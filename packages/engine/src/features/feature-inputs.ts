import type { TokenRow } from '../tables/token-row.js';

/** What a token's history looked like at its analysis moment (only rows known by then). */
export interface HistoryInputs {
  /** Launches by the same creator analysed strictly before this one. */
  readonly creator_prior_launches: number;
  /** Of those, outcomes settled at or before this analysis moment, and how many rugged. */
  readonly creator_prior_settled: number;
  readonly creator_prior_rugged: number;
  /** Rugged, settled launches of other creators funded by the same (non-exchange) funder. */
  readonly funder_prior_rugged: number;
  /** Holders other than the creator whose first funder is the creator's (non-exchange) funder, and their supply. */
  readonly funder_linked_n: number;
  readonly funder_linked_pct: number;
  /** Wallet rows of this token in `holders`. */
  readonly holder_rows: number;
  /** Holders whose first funder is a known exchange, and their share of supply. */
  readonly exchange_funded_n: number;
  readonly exchange_funded_supply_pct: number;
  /** Holders that were insiders of an earlier launch; of those, of an earlier settled rug. */
  readonly prior_insiders_n: number;
  readonly rug_insiders_n: number;
  /** Snipers of this token that sniped an earlier launch. */
  readonly serial_snipers_n: number;
}

/** One row of the features query: the token's row plus its history as of its analysis moment. */
export type FeatureInputs = TokenRow & HistoryInputs;
