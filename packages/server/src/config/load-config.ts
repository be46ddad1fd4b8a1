import { z } from 'zod';

/** Server configuration from the environment (DESIGN §10). */
export const ServerConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8402),
  HOST: z.string().default('127.0.0.1'),
  DATASET_DIR: z.string().optional(),
  /** The embedded SQLite ledger file; default `var/ledger.sqlite` in the checkout. */
  LEDGER_PATH: z.string().optional(),
  /** PostgreSQL for the ledger and event log shared by replicas (DESIGN §8); the SQLite file when unset. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'a postgres:// URL')
    .optional(),
  /** Redis for the rate limits shared by replicas; in-process when unset. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'a redis:// URL')
    .optional(),
  /**
   * DuckDB's buffer pool for the dataset: the serving store is paged within it (e.g. `512MB`,
   * `2GB`). The server's default is half the engine's (`openDataset`, 512MB for notebooks): the
   * pool fills up whatever the history, pages evicted from it are read again from the OS page
   * cache, and 256MB kept the process under 1 GB at 24k and 240k launches (`bench/RESULTS.md`,
   * `scale`).
   */
  DUCKDB_MEMORY_LIMIT: z
    .string()
    .regex(/^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i, 'a size such as 512MB or 2GB')
    .default('256MB'),
  /** Requests per minute per API key (or client IP without one); DESIGN §5's 300 unless an operator (or a benchmark) says otherwise. */
  RATE_LIMIT_PER_MIN: z.coerce.number().int().min(1).default(300),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `development` prints a funded demo key at start; `production` never mints one. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Receiving address of x402 payments; required in production. */
  X402_PAY_TO: z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'a base58 Solana address')
    .optional(),
  /** Fee-payer address of the x402 facilitator (`extra.feePayer`). */
  X402_FEE_PAYER: z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'a base58 Solana address')
    .optional(),
  /** Secret key of a self-run x402 facilitator's fee payer (base58 or a JSON byte array); needs `SOLANA_RPC_URL`. */
  X402_FEE_PAYER_KEY: z.string().min(1).optional(),
  /** A remote x402 facilitator (`HTTPFacilitatorClient`); wins over `X402_FEE_PAYER_KEY`. */
  X402_FACILITATOR_URL: z.url().optional(),
  /** The LiteSVM localnet for payments and deposits: `on` by default in development, never in production. */
  X402_LOCALNET: z.enum(['on', 'off']).optional(),
  /** The USDC deposit address for credits; `X402_PAY_TO` when unset. */
  DEPOSIT_ADDRESS: z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'a base58 Solana address')
    .optional(),
  /** Credits on the development demo key. */
  DEMO_CREDITS: z.coerce.number().int().min(0).default(20_000),
  /** Use the first `X-Forwarded-For` address as the client IP (only behind a trusted proxy). */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Live feed (DESIGN §7): `sim` runs the simulator forward, `rpc` follows the chain (either one
   * writer per log); `follow` runs neither and appends the writer's rows from the shared event log
   * (replicas, docs/deploy.md); default `sim` in development, else `off`.
   */
  LIVE_FEED: z.enum(['off', 'sim', 'rpc', 'follow']).optional(),
  /** Simulated seconds per wall-clock second of the `sim` feed; default 30 in development (a migration about every 15 s), else 1. */
  LIVE_TIME_FACTOR: z.coerce.number().positive().max(100_000).optional(),
  /** Solana JSON-RPC endpoint (required by `LIVE_FEED=rpc`) and its websocket for live logs. */
  SOLANA_RPC_URL: z.url().optional(),
  SOLANA_WS_URL: z.url().optional(),
  /** SOL/USD applied by the `rpc` feed (no price oracle here), as `launchlens index --sol-usd`. */
  LIVE_SOL_USD: z.coerce.number().positive().default(150),
  /** Jupiter-compatible swap quote API for `exit` (default Jupiter's public one with `SOLANA_RPC_URL`; the simulated world's pools without). */
  QUOTE_API_URL: z.url().optional(),
  /** Secret key (base58 or a JSON byte array) that signs the track record's anchor memos on `SOLANA_RPC_URL`; `X402_FEE_PAYER_KEY` when unset. */
  TRACK_RECORD_ANCHOR_KEY: z.string().min(1).optional(),
  /** Seconds between anchors of the track record's head; default once a UTC day (at midnight), 300 in development on the localnet. */
  TRACK_RECORD_ANCHOR_EVERY_S: z.coerce
    .number()
    .int()
    .min(10)
    .max(7 * 86_400)
    .optional(),
});
export type ServerConfig = z.infer<typeof ServerConfig>;

/** Parses the environment; a bad value throws one message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const parsed = ServerConfig.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`invalid environment variable ${issue.path.join('.')}: ${issue.message}`);
  }
  if (parsed.data.NODE_ENV === 'production' && parsed.data.X402_PAY_TO === undefined) {
    throw new Error('invalid environment variable X402_PAY_TO: required when NODE_ENV=production');
  }
  parsed.data.X402_LOCALNET ??= parsed.data.NODE_ENV === 'development' ? 'on' : 'off';
  if (parsed.data.NODE_ENV === 'production' && parsed.data.X402_LOCALNET === 'on') {
    throw new Error('invalid environment variable X402_LOCALNET: the localnet never runs in production');
  }
  if (parsed.data.X402_FEE_PAYER_KEY !== undefined && parsed.data.SOLANA_RPC_URL === undefined) {
    throw new Error('invalid environment variable SOLANA_RPC_URL: required with X402_FEE_PAYER_KEY');
  }
  if (parsed.data.TRACK_RECORD_ANCHOR_KEY !== undefined && parsed.data.SOLANA_RPC_URL === undefined) {
    throw new Error('invalid environment variable SOLANA_RPC_URL: required with TRACK_RECORD_ANCHOR_KEY');
  }
  parsed.data.LIVE_FEED ??= parsed.data.NODE_ENV === 'development' ? 'sim' : 'off';
  parsed.data.LIVE_TIME_FACTOR ??= parsed.data.NODE_ENV === 'development' ? 30 : 1;
  if (parsed.data.LIVE_FEED === 'rpc' && parsed.data.SOLANA_RPC_URL === undefined) {
    throw new Error(
      'invalid environment variable SOLANA_RPC_URL: required when LIVE_FEED=rpc (or set LIVE_FEED=sim or off)',
    );
  }
  return parsed.data;
}
