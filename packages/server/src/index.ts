export type { AppDeps } from './app/app-deps.js';
export type { AppEnv } from './app/app-env.js';
export { createApp } from './app/create-app.js';
export { type RunningServer, type StartServerOptions, startServer } from './app/start-server.js';
export { createSimChainReader } from './chain/sim-chain-reader.js';
export { registerKeysCommands } from './cli/keys-commands.js';
export { loadConfig, ServerConfig } from './config/load-config.js';
export { ERROR_CODES, type ErrorCode } from './errors/error-codes.js';
export { ServerError } from './errors/server-error.js';
export type { Charge, DebitRequest, DebitResult, KeyRecord, Ledger, MintedKey } from './ledger/ledger.js';
export { openPostgresLedger, type PostgresLedgerOptions } from './ledger/postgres-ledger.js';
export { openSqliteLedger } from './ledger/sqlite-ledger.js';
export { startReservationSweeper } from './ledger/start-reservation-sweeper.js';
export {
  createMemoryRateLimiter,
  DEFAULT_RATE_LIMIT,
  type RateLimitOptions,
} from './limiter/memory-rate-limiter.js';
export type { RateDecision, RateLimiter } from './limiter/rate-limiter.js';
export { createRedisRateLimiter, type RedisRateLimiterOptions } from './limiter/redis-rate-limiter.js';
export type { NewEvent } from './live/event-log.js';
export { openSqliteEventLog } from './live/sqlite-event-log.js';
export { startLocalnet } from './localnet/start-localnet.js';
export { createLogger } from './logging/create-logger.js';
export { createMetrics, type Metrics } from './metrics/create-metrics.js';
export { startPayments } from './payments/start-payments.js';
export { withPlanRateLimits } from './payments/with-plan-rate-limits.js';
export { type CallPrice, priceOf } from './pricing/price-of.js';
export { CREDITS_PER_USD, PRICE_TABLE, type PricedRouteId, type RoutePrice } from './pricing/price-table.js';
export { createRiskContext, type RiskContext } from './risk/risk-context.js';
export { scorecardForDay } from './risk/scorecard-for-day.js';
export { warmRiskContext } from './risk/warm-risk-context.js';
export { createStreamHub } from './streams/stream-hub.js';
export { openPostgresPredictionLog } from './track-record/postgres-prediction-log.js';
export type { PredictionLog } from './track-record/prediction-log.js';
export { openSqlitePredictionLog } from './track-record/sqlite-prediction-log.js';
export { createTrackRecord, type TrackRecord } from './track-record/track-record.js';
export { createSelfRunFacilitator } from './x402/create-self-run-facilitator.js';
export { createSvmPayerClient } from './x402/create-svm-payer-client.js';
export { createX402Gateway } from './x402/create-x402-gateway.js';
export { DEV_PAY_TO } from './x402/dev-pay-to.js';
export { paymentRequirements } from './x402/payment-challenge.js';
export { SOLANA_MAINNET, USDC_MINT, type X402Settings } from './x402/x402-settings.js';
