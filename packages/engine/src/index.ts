// risk analytics (issue 3)
export { periodStarts, type RetrainEvery } from './backtest/period-starts.js';
export {
  type RedrawBand,
  type RedrawOptions,
  type RedrawSummary,
  redrawBacktest,
} from './backtest/redraw-backtest.js';
export { reliabilitySvg } from './backtest/reliability-svg.js';
export { type BacktestReportFiles, renderBacktestMarkdown } from './backtest/render-backtest-markdown.js';
export { scoreHistogramSvg } from './backtest/score-histogram-svg.js';
export {
  type ExitRule,
  type ExitTrade,
  type PricePoint,
  simulateExitRule,
} from './backtest/simulate-exit-rule.js';
export {
  type BacktestSummary,
  type LastMonthBand,
  summarizeBacktest,
} from './backtest/summarize-backtest.js';
export {
  type WalkForwardOptions,
  type WalkForwardPeriod,
  type WalkForwardResult,
  walkForward,
} from './backtest/walk-forward.js';
export {
  BandCalibration,
  BandRate,
  BandUpside,
  CalibrationWindow,
  CollapseSpeed,
} from './calibrate/band-calibration.js';
export {
  type CalibrateBandsOptions,
  type CalibrationColumns,
  calibrateBands,
} from './calibrate/calibrate-bands.js';
export {
  calibrateExternal,
  type ExternalBand,
  type ExternalCalibration,
  type ExternalPrediction,
} from './calibrate/calibrate-external.js';
export {
  type BandTrend,
  type BandTrendColumns,
  type FitBandTrendOptions,
  fitBandTrend,
} from './calibrate/fit-band-trend.js';
// identity, graph and market analytics (issue 4)
export { DiscoverRequest } from './catalogue/discover-request.js';
export { DiscoverResult } from './catalogue/discover-result.js';
export { discoverTokens } from './catalogue/discover-tokens.js';
export { SearchRequest } from './catalogue/search-request.js';
export { SearchResult } from './catalogue/search-result.js';
export { searchTokens } from './catalogue/search-tokens.js';
export { buildCohortFieldsSql } from './cohort/build-cohort-fields-sql.js';
export { buildCohortSql } from './cohort/build-cohort-sql.js';
export { COHORT_FIELDS, type CohortField } from './cohort/cohort-fields.js';
export { CohortBound, CohortRequest, MAX_COHORT_FILTERS } from './cohort/cohort-request.js';
export { CohortStats } from './cohort/cohort-stats.js';
export { type CohortRow, cohortStatsOf } from './cohort/cohort-stats-of.js';
export { type CohortFieldInfo, listCohortFields } from './cohort/list-cohort-fields.js';
export {
  type CohortIssue,
  type ParsedCohortRequest,
  parseCohortRequest,
} from './cohort/parse-cohort-request.js';
export { type CohortResult, queryCohort } from './cohort/query-cohort.js';
export { CompareRecord } from './compare/compare-record.js';
export { compareTokens } from './compare/compare-tokens.js';
export { type Coverage, describeCoverage } from './coverage/describe-coverage.js';
export { buildExitRung, type ExitRungInput } from './exit/build-exit-rung.js';
export { type ConstantProductSide, constantProductQuote } from './exit/constant-product-quote.js';
export { ExitRecord, ExitRung, ExitVerdict } from './exit/exit-record.js';
export { EXIT_RUNG_SIZES_USD } from './exit/exit-rung-sizes.js';
export { exitSays } from './exit/exit-says.js';
export { EXIT_THRESHOLDS } from './exit/exit-thresholds.js';
export { exitVerdictOf } from './exit/exit-verdict-of.js';
export type { NoRoute, SwapQuote, SwapQuoteResult } from './exit/swap-quote.js';
export { buildFeaturesSql } from './features/build-features-sql.js';
export { buildFrameOutcomesSql } from './features/build-frame-outcomes-sql.js';
export type { FeatureInputs, HistoryInputs } from './features/feature-inputs.js';
export { type FeatureScope, scopeFilterSql } from './features/feature-scope.js';
export { loadFeatureInputs } from './features/load-feature-inputs.js';
export { loadRiskFrame } from './features/load-risk-frame.js';
export { featureVector, RISK_FEATURES, type RiskFeature } from './features/risk-features.js';
export { buildRiskFrame, type FrameOutcome, type RiskFrame } from './features/risk-frame.js';
export { GraphRecord } from './graph/graph-record.js';
export { graphToken } from './graph/graph-token.js';
export { identifyToken } from './identity/identify-token.js';
export { type IdentityIndex, indexIsCurrent, prepareIdentityIndex } from './identity/identity-index.js';
export { IdentityRecord } from './identity/identity-record.js';
export { InspectRecord } from './inspect/inspect-record.js';
export { inspectToken } from './inspect/inspect-token.js';
export { describeKol } from './kols/describe-kol.js';
export { KolDetail } from './kols/kol-detail.js';
export { KolLeaderboard } from './kols/kol-leaderboard.js';
export { KolsRequest } from './kols/kols-request.js';
export { rankKols } from './kols/rank-kols.js';
export { FunderNetworksPage } from './leaderboards/funder-networks-page.js';
export { FunderNetworksRequest } from './leaderboards/funder-networks-request.js';
export { rankFunderNetworks } from './leaderboards/rank-funder-networks.js';
export { rankSerialInsiders } from './leaderboards/rank-serial-insiders.js';
export { SerialInsidersPage } from './leaderboards/serial-insiders-page.js';
export { SerialInsidersRequest } from './leaderboards/serial-insiders-request.js';
export { bandCutsAt } from './model/band-cuts-at.js';
export { bandIndices } from './model/band-indices.js';
export { bandOf } from './model/band-of.js';
export { type CompiledModel, compileModel } from './model/compile-model.js';
export { fitLogistic, type LogisticFit, type LogisticFitOptions } from './model/fit-logistic.js';
export {
  DEFAULT_CALIBRATION_HALF_LIFE_DAYS,
  DEFAULT_CALIBRATION_WINDOW_DAYS,
  DEFAULT_TRAIN_WINDOW_DAYS,
  type FitRiskModelOptions,
  fitRiskModel,
} from './model/fit-risk-model.js';
export { BandCuts, ModelFeature, RiskModel } from './model/risk-model.js';
export { scoreBatch } from './model/score-batch.js';
export {
  type Contributions,
  type ScoreContribution,
  scoreToken,
  type TokenScore,
  type TokenToScore,
} from './model/score-token.js';
export { Action, actionOf, RISK_BANDS, RiskBand, Verdict } from './model/verdict.js';
export { PricePathRecord } from './price-path/price-path-record.js';
export { tracePricePath } from './price-path/trace-price-path.js';
export {
  BASE_RATES_SQL,
  type BaseRate,
  type BaseRates,
  measureBaseRates,
} from './report/measure-base-rates.js';
export {
  buildScorecard,
  type Scorecard,
  type ScorecardBand,
  type ScorecardWindow,
} from './scorecard/build-scorecard.js';
export type { Prediction } from './scorecard/prediction.js';
export { buildScreenRecord } from './screen/build-screen-record.js';
export { calibrationForDay } from './screen/calibration-for-day.js';
export {
  type CachedToken,
  createScreenCache,
  rememberToken,
  type ScreenCache,
} from './screen/screen-cache.js';
export { ScreenRecord } from './screen/screen-record.js';
export { type ScreenOptions, screenToken } from './screen/screen-token.js';
export { warmScreenCache } from './screen/warm-screen-cache.js';
export { type SqlQuery, sqlNumber, sqlTimestamp } from './sql/sql-query.js';
export { brierScore } from './stats/brier-score.js';
export {
  type CalibrationError,
  expectedCalibrationError,
  type ReliabilityBin,
} from './stats/expected-calibration-error.js';
export { quantileSorted } from './stats/quantile-sorted.js';
export { rocAuc } from './stats/roc-auc.js';
export { seededRandom } from './stats/seeded-random.js';
export { type Interval, wilsonInterval } from './stats/wilson-interval.js';
export type { Queryable, SqlParam } from './store/queryable.js';
export { DATASET_TABLES, TABLE_NAMES, type TableName, type TableSpec } from './tables/dataset-tables.js';
export { EdgeKind, EdgeRow } from './tables/edge-row.js';
export { FunderRow } from './tables/funder-row.js';
export { HolderRow } from './tables/holder-row.js';
export { KnownWalletRow } from './tables/known-wallet-row.js';
export { KolRow } from './tables/kol-row.js';
export { KolTradeRow, TradeSide } from './tables/kol-trade-row.js';
export { Manifest, ManifestTable } from './tables/manifest.js';
export { OracleRow } from './tables/oracle-row.js';
export { OutcomeRow } from './tables/outcome-row.js';
export { PathRow } from './tables/path-row.js';
export { PositionRow } from './tables/position-row.js';
export { type SqlColumn, type SqlType, sqlColumnsOf } from './tables/sql-columns.js';
export { TickRow } from './tables/tick-row.js';
export { AuthorityState, LpState, Platform, TokenRow } from './tables/token-row.js';
export { listTokenWallets } from './wallet/list-token-wallets.js';
export { mapTokenWeb } from './wallet/map-token-web.js';
export { mapWalletNetwork } from './wallet/map-wallet-network.js';
export { TokenWallets } from './wallet/token-wallets.js';
export { TokenWeb } from './wallet/token-web.js';
export { vetWallet } from './wallet/vet-wallet.js';
export { WalletNetwork } from './wallet/wallet-network.js';
export { WalletRecord } from './wallet/wallet-record.js';
