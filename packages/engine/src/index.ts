/**
 * `@launchlens/engine`: the analytics a notebook, a backtest or the server calls, in five groups.
 * Open a dataset with `openDataset(dir)` from `@launchlens/engine/store` (kept apart so importing
 * the engine does not load DuckDB); everything here takes the store it returns (`Queryable`).
 * Internals the indexer and the server share sit behind `@launchlens/engine/internal`; table
 * fixtures for tests behind `@launchlens/engine/testing`. `front-door.test.ts` caps this list at 80.
 */
// biome-ignore-all assist/source/organizeImports: the exports are grouped by concept, not sorted

// Open a dataset: what a store holds and how much of the world it covers.
export { type Coverage, describeCoverage } from './coverage/describe-coverage.js';
export type { DatasetStore } from './store/dataset-store.js';
export type { Queryable } from './store/queryable.js';
export { Manifest } from './tables/manifest.js';

// Records: one token or wallet as of a moment. Each returns `Covered<Record>`: the record with
// its coverage, or `{kind: 'none'}` when the dataset holds no record of the subject.
export type { Covered } from './catalogue/covered.js';
export { CompareRecord } from './compare/compare-record.js';
export { compareTokens } from './compare/compare-tokens.js';
export { GraphRecord } from './graph/graph-record.js';
export { graphToken } from './graph/graph-token.js';
export { identifyToken } from './identity/identify-token.js';
export { IdentityRecord } from './identity/identity-record.js';
export { InspectRecord } from './inspect/inspect-record.js';
export { inspectToken } from './inspect/inspect-token.js';
export { PricePathRecord } from './price-path/price-path-record.js';
export { tracePricePath } from './price-path/trace-price-path.js';
export { createScreenCache } from './screen/screen-cache.js';
export { ScreenRecord } from './screen/screen-record.js';
export { screenToken } from './screen/screen-token.js';
export { listTokenWallets } from './wallet/list-token-wallets.js';
export { mapTokenWeb } from './wallet/map-token-web.js';
export { mapWalletNetwork } from './wallet/map-wallet-network.js';
export { TokenWallets } from './wallet/token-wallets.js';
export { TokenWeb } from './wallet/token-web.js';
export { vetWallet } from './wallet/vet-wallet.js';
export { WalletNetwork } from './wallet/wallet-network.js';
export { WalletRecord } from './wallet/wallet-record.js';

// Lists: cohorts, discovery, search and leaderboards, each with its zod request schema.
export { DiscoverRequest } from './catalogue/discover-request.js';
export { discoverTokens } from './catalogue/discover-tokens.js';
export { SearchRequest } from './catalogue/search-request.js';
export { searchTokens } from './catalogue/search-tokens.js';
export { CohortRequest } from './cohort/cohort-request.js';
export { CohortStats } from './cohort/cohort-stats.js';
export { queryCohort } from './cohort/query-cohort.js';
export { describeKol } from './kols/describe-kol.js';
export { KolsRequest } from './kols/kols-request.js';
export { rankKols } from './kols/rank-kols.js';
export { FunderNetworksRequest } from './leaderboards/funder-networks-request.js';
export { rankFunderNetworks } from './leaderboards/rank-funder-networks.js';
export { rankSerialInsiders } from './leaderboards/rank-serial-insiders.js';
export { SerialInsidersRequest } from './leaderboards/serial-insiders-request.js';

// Model and calibration: fit on a point-in-time frame, compile, score, walk forward.
export { type ExitRule, simulateExitRule } from './backtest/simulate-exit-rule.js';
export { summarizeBacktest } from './backtest/summarize-backtest.js';
export { walkForward } from './backtest/walk-forward.js';
export { loadRiskFrame } from './features/load-risk-frame.js';
export { type CompiledModel, compileModel } from './model/compile-model.js';
export { fitRiskModel } from './model/fit-risk-model.js';
export { RiskModel } from './model/risk-model.js';
export { scoreToken } from './model/score-token.js';
export { RISK_BANDS, RiskBand } from './model/verdict.js';
export { buildScorecard } from './scorecard/build-scorecard.js';

// Statistics: research entry points over plain columns (`ArrayLike<number>`); `brierScore`,
// `rocAuc` and `expectedCalibrationError` serve notebooks only, as does `RiskBand` above.
export { sqlTimestamp } from './sql/sql-query.js';
export { brierScore } from './stats/brier-score.js';
export { expectedCalibrationError } from './stats/expected-calibration-error.js';
export { quantileSorted } from './stats/quantile-sorted.js';
export { rocAuc } from './stats/roc-auc.js';
export { wilsonInterval } from './stats/wilson-interval.js';

// Row types: one zod schema and type per dataset table (DESIGN §3).
export { EdgeRow } from './tables/edge-row.js';
export { FunderRow } from './tables/funder-row.js';
export { HolderRow } from './tables/holder-row.js';
export { KolRow } from './tables/kol-row.js';
export { KolTradeRow } from './tables/kol-trade-row.js';
export { OutcomeRow } from './tables/outcome-row.js';
export { PathRow } from './tables/path-row.js';
export { PositionRow } from './tables/position-row.js';
export { TickRow } from './tables/tick-row.js';
export { TokenRow } from './tables/token-row.js';
