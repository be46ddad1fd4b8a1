/**
 * `@launchlens/engine/internal`: what the indexer, the server, the CLI and the benchmarks share
 * with the engine beyond its front door (`@launchlens/engine`). Not a research API: names here
 * change with the code that uses them.
 */
// biome-ignore-all assist/source/organizeImports: the exports are grouped by who uses them

// The bounded map every cache of the packages uses.
export { LruCache } from './cache/lru-cache.js';

// Backtest and model plumbing of the CLI.
export { periodStarts, type RetrainEvery } from './backtest/period-starts.js';
export { type RedrawSummary, redrawBacktest } from './backtest/redraw-backtest.js';
export type { BacktestSummary } from './backtest/summarize-backtest.js';
export { type WalkForwardPeriod, type WalkForwardStep, walkForwardPeriods } from './backtest/walk-forward.js';
export { calibrateExternal, type ExternalCalibration } from './calibrate/calibrate-external.js';
export type { HistoryInputs } from './features/feature-inputs.js';
export { featureVector } from './features/risk-features.js';
export { buildRiskFrame } from './features/risk-frame.js';
export {
  DEFAULT_CALIBRATION_HALF_LIFE_DAYS,
  DEFAULT_CALIBRATION_WINDOW_DAYS,
  DEFAULT_TRAIN_WINDOW_DAYS,
} from './model/fit-risk-model.js';
export { scoreBatch } from './model/score-batch.js';
export type { Scorecard } from './scorecard/build-scorecard.js';
export type { Prediction } from './scorecard/prediction.js';
export type { ReliabilityBin } from './stats/expected-calibration-error.js';

// Response schemas and helpers of the server's routes.
export { DiscoverResult } from './catalogue/discover-result.js';
export { SearchResult } from './catalogue/search-result.js';
export { buildCohortSql } from './cohort/build-cohort-sql.js';
export { MAX_COHORT_FILTERS } from './cohort/cohort-request.js';
export { listCohortFields } from './cohort/list-cohort-fields.js';
export { parseCohortRequest } from './cohort/parse-cohort-request.js';
export type { CohortResult } from './cohort/query-cohort.js';
export { buildExitRung } from './exit/build-exit-rung.js';
export { constantProductQuote } from './exit/constant-product-quote.js';
export { ExitRecord, ExitRung } from './exit/exit-record.js';
export { EXIT_RUNG_SIZES_USD } from './exit/exit-rung-sizes.js';
export { exitSays } from './exit/exit-says.js';
export { exitVerdictOf } from './exit/exit-verdict-of.js';
export type { SwapQuoteResult } from './exit/swap-quote.js';
export { KolDetail } from './kols/kol-detail.js';
export { KolLeaderboard } from './kols/kol-leaderboard.js';
export { FunderNetworksPage } from './leaderboards/funder-networks-page.js';
export { SerialInsidersPage } from './leaderboards/serial-insiders-page.js';
export { buildScreenRecord } from './screen/build-screen-record.js';
export { calibrationForDay } from './screen/calibration-for-day.js';
export type { ScreenCache } from './screen/screen-cache.js';
export { warmScreenCache } from './screen/warm-screen-cache.js';

// The identity index (built into the serving store; `prepareIdentityIndex` for memory stores).
export { type IdentityIndex, prepareIdentityIndex } from './identity/identity-index.js';

// Tables as the indexer writes them.
export { DATASET_TABLES, TABLE_NAMES, type TableName, type TableSpec } from './tables/dataset-tables.js';
export { KnownWalletRow } from './tables/known-wallet-row.js';
export { ManifestTable } from './tables/manifest.js';
export { OracleRow } from './tables/oracle-row.js';
export type { SqlColumn } from './tables/sql-columns.js';
export { Platform } from './tables/token-row.js';

// SQL texts and helpers the benchmarks time on their own.
export { buildSearchSql } from './catalogue/build-search-sql.js';
export { INDEXED_GRAPH_EDGES_SQL } from './graph/graph-token.js';
export { buildIndexedWalletHistorySql } from './identity/build-indexed-identity-sql.js';
export { buildKolStatsSql } from './kols/build-kol-stats-sql.js';
export { buildIndexedFunderNetworksSql } from './leaderboards/build-funder-networks-sql.js';
export { buildIndexedSerialInsidersSql } from './leaderboards/build-serial-insiders-sql.js';
export { seededRandom } from './stats/seeded-random.js';
export { tokenJsonSql } from './store/token-json-sql.js';

// The SHA-256 of a dataset file, as manifests record it.
export { hashFile } from './store/hash-file.js';
export { temporaryBuildName, temporaryBuildPath } from './store/stale-builds.js';
