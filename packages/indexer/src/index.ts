export { type ClassificationRules, DEFAULT_RULES } from './builder/classification-rules.js';
export {
  type BuilderOptions,
  type BuildStats,
  type RowSink,
  SnapshotBuilder,
} from './builder/snapshot-builder.js';
export {
  type BuildSimDatasetOptions,
  buildSimDataset,
  GENERATOR_VERSION,
} from './dataset/build-sim-dataset.js';
export {
  DEFAULT_DATASET_DIR,
  DEFAULT_LAUNCHES,
  DEFAULT_SEED,
  defaultEnd,
} from './dataset/dataset-defaults.js';
export { decodeLogs } from './decode/decode-logs.js';
export { decodeTransaction } from './decode/decode-transaction.js';
export { decodeBase58 } from './decode/encoding/decode-base58.js';
export { decodeProgramAccount } from './decode/layout/decode-program-account.js';
export type { RpcTransaction } from './decode/rpc-transaction.js';
export type * from './events/chain-event.js';
export { LAMPORTS_PER_SOL, LETSBONK_PLATFORM_CONFIG, PROGRAMS, WSOL_MINT } from './events/programs.js';
export { IndexerError } from './indexer-error.js';
export { loadKnownWallets } from './known-wallets/load-known-wallets.js';
export { liveClock } from './live/live-clock.js';
export { type PacedEvents, type PaceEventsOptions, paceEvents } from './live/pace-events.js';
export { type LiveWorld, type LiveWorldOptions, simulateLiveWorld } from './live/simulate-live-world.js';
export { defaultKnownWalletsPath, REPO_ROOT, SHARED_DIR } from './repo-paths.js';
export { BlockOrder } from './rpc/block-order.js';
export { type ChainHolding, captureHolders, type HolderCapture } from './rpc/capture-holders.js';
export { fetchTransaction } from './rpc/fetch-transaction.js';
export { listSignatures } from './rpc/list-signatures.js';
export { createRpcClient, type RpcClient, type RpcClientOptions } from './rpc/rpc-client.js';
export { type IndexResult, type RunIndexOptions, runIndex } from './rpc/run-index.js';
export { type RpcFeed, type RpcFeedOptions, startRpcFeed } from './rpc/start-rpc-feed.js';
export { CURVE_PARAMS, type CurveParams } from './sim/market/curve-params.js';
export { solUsdPath } from './sim/market/sol-usd-path.js';
export { type ReplayedLaunch, replayLaunches } from './sim/replay-launches.js';
export { type SimOptions, type SimWorld, simulateWorld } from './sim/simulate-world.js';
export { boundedPort } from './worker/bounded-port.js';
export { runBoundedWorker } from './worker/bounded-worker.js';
export { createDatasetWriter } from './write/create-dataset-writer.js';
export { releaseHeap } from './write/release-heap.js';
