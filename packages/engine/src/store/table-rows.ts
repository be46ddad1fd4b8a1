import type { EdgeRow } from '../tables/edge-row.js';
import type { FunderRow } from '../tables/funder-row.js';
import type { HolderRow } from '../tables/holder-row.js';
import type { KnownWalletRow } from '../tables/known-wallet-row.js';
import type { KolRow } from '../tables/kol-row.js';
import type { KolTradeRow } from '../tables/kol-trade-row.js';
import type { OracleRow } from '../tables/oracle-row.js';
import type { OutcomeRow } from '../tables/outcome-row.js';
import type { PathRow } from '../tables/path-row.js';
import type { PositionRow } from '../tables/position-row.js';
import type { TickRow } from '../tables/tick-row.js';
import type { TokenRow } from '../tables/token-row.js';

/** The row type of every dataset table, keyed like `DATASET_TABLES`. */
export interface TableRows {
  tokens: TokenRow;
  holders: HolderRow;
  edges: EdgeRow;
  outcomes: OutcomeRow;
  ticks: TickRow;
  paths: PathRow;
  positions: PositionRow;
  funders: FunderRow;
  known_wallets: KnownWalletRow;
  kols: KolRow;
  kol_trades: KolTradeRow;
  oracle: OracleRow;
}
