import type { HolderRow } from '../tables/holder-row.js';

/** What the graph record reads of a holder row: its wallet, rank, supply share and role flags. */
export type GraphHolder = Pick<
  HolderRow,
  | 'wallet'
  | 'rank'
  | 'supply_pct'
  | 'is_creator'
  | 'is_bundle'
  | 'is_insider'
  | 'is_sniper'
  | 'is_fresh'
  | 'is_early'
  | 'is_kol'
  | 'is_whale'
  | 'is_notable'
  | 'is_wash'
>;
