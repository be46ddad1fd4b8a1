import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { compileModel, describeCoverage, fitRiskModel, loadRiskFrame, RiskModel } from '@launchlens/engine';
import { type DatasetStore, openDataset, readManifest } from '@launchlens/engine/store';
import {
  buildSimDataset,
  type ChainEvent,
  DEFAULT_DATASET_DIR,
  DEFAULT_LAUNCHES,
  DEFAULT_SEED,
  defaultEnd,
  defaultKnownWalletsPath,
  REPO_ROOT,
  releaseHeap,
} from '@launchlens/indexer';
import { createApp } from './app/create-app.js';
import { startServer } from './app/start-server.js';
import { createChainAdapters } from './chain/create-chain-adapters.js';
import { buildProgress, stepsProgress } from './cli/progress.js';
import { loadConfig } from './config/load-config.js';
import { ensureDevelopmentKey } from './demo/ensure-development-key.js';
import { tryLines } from './demo/try-lines.js';
import { openSqliteLedger } from './ledger/sqlite-ledger.js';
import { startReservationSweeper } from './ledger/start-reservation-sweeper.js';
import { createMemoryRateLimiter } from './limiter/memory-rate-limiter.js';
import { claimLiveWriter } from './live/claim-live-writer.js';
import type { LiveFeed } from './live/live-feed.js';
import { openEventLog } from './live/open-event-log.js';
import { rowsStreamOf } from './live/rows-stream-of.js';
import { startLiveFeed } from './live/start-live-feed.js';
import { createLogger } from './logging/create-logger.js';
import { createMetrics } from './metrics/create-metrics.js';
import { registerMemoryGauges } from './metrics/memory-gauges.js';
import { startPayments } from './payments/start-payments.js';
import { withPlanRateLimits } from './payments/with-plan-rate-limits.js';
import { PLAN_TIERS } from './pricing/plan-ladder.js';
import { createRiskContext } from './risk/risk-context.js';
import { scorecardForDay } from './risk/scorecard-for-day.js';
import { warmEachDay } from './risk/warm-each-day.js';
import { warmRiskContext } from './risk/warm-risk-context.js';
import { createStreamHub } from './streams/stream-hub.js';
import { openTrackRecord, startTrackRecordAnchoring } from './track-record/start-track-record.js';
import { DEV_PAY_TO } from './x402/dev-pay-to.js';
import { SOLANA_MAINNET, USDC_MINT } from './x402/x402-settings.js';

async function ensureDataset(dir: string): Promise<void> {
  if (existsSync(join(dir, 'manifest.json'))) return;
  console.log(
    `First run: building the default dataset (${DEFAULT_LAUNCHES.toLocaleString('en')} simulated launches) in ${dir}`,
  );
  const progress = buildProgress(DEFAULT_LAUNCHES);
  const { stats } = await buildSimDataset({
    launches: DEFAULT_LAUNCHES,
    seed: DEFAULT_SEED,
    end: defaultEnd(Date.now()),
    out: dir,
    knownWalletsPath: defaultKnownWalletsPath(),
    onProgress: progress.onProgress,
    onWriteProgress: progress.onWriteProgress,
  }).finally(progress.stop);
  console.log(
    `Dataset ready: ${stats.migrated} launches, ${stats.events.toLocaleString('en')} chain events replayed.`,
  );
}

/** The dataset's `model.json`, fitted and written on first start when the folder has none. */
async function ensureModel(store: DatasetStore, dir: string): Promise<RiskModel> {
  const file = join(dir, 'model.json');
  if (existsSync(file)) return RiskModel.parse(JSON.parse(await readFile(file, 'utf8')));
  console.log('Fitting the risk model on the dataset (first run)…');
  // The defaults of `launchlens model fit`.
  const model = fitRiskModel(await loadRiskFrame(store), {
    cutoff: Date.parse(store.manifest.current_through),
  });
  await writeFile(file, `${JSON.stringify(model, null, 2)}\n`);
  return model;
}

/** A launch on its curve for the banner's analyze lines: the sim feed's first batch brings one. */
async function curveMintSoon(curveMint: (() => string | null) | undefined): Promise<string | null> {
  for (let i = 0; curveMint && i < 50; i++) {
    const mint = curveMint();
    if (mint !== null) return mint;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const dir = resolve(config.DATASET_DIR ?? DEFAULT_DATASET_DIR);
  await ensureDataset(dir);
  // Streams: the event log sits in the ledger's SQLite file (a second connection).
  const ledgerFile = resolve(config.LEDGER_PATH ?? join(REPO_ROOT, 'var', 'ledger.sqlite'));
  const eventLog = await openEventLog({
    databaseUrl: config.DATABASE_URL,
    ledgerFile,
    sharedCheckpointer: true,
  });
  // One writer per log (docs/deploy.md): a second `sim` or `rpc` replica stops here, before it
  // builds or replays anything. A claim lost later (PostgreSQL dropped it with its connection)
  // stops this process, exit code 1, for another writer may claim the stream then: at once until
  // the server runs, then as a graceful stop (below).
  let stopWriter = (e: Error): void => {
    process.stderr.write(`error: ${e.message}; exiting\n`);
    process.exit(1);
  };
  const releaseWriter = await claimLiveWriter(
    config.LIVE_FEED,
    eventLog,
    rowsStreamOf(await readManifest(dir)),
    (e) => stopWriter(e),
  );
  const store = await openDataset(dir, {
    memoryLimit: config.DUCKDB_MEMORY_LIMIT,
    // A bar only when a build runs.
    onBuildProgress: stepsProgress('steps', () =>
      console.log('Building the serving store (serving.duckdb: tables, indexes, identity index) once…'),
    ).update,
  });
  const model = compileModel(await ensureModel(store, dir));
  // The PostgreSQL and Redis clients load only when configured: an embedded start loads neither
  // (with LiteSVM's, ≈ 0.1–0.4 s of a 2.5 s warm start; test/embedded-start-imports.test.ts).
  const ledger = config.DATABASE_URL
    ? await (await import('./ledger/postgres-ledger.js')).openPostgresLedger({
        connectionString: config.DATABASE_URL,
      })
    : openSqliteLedger(ledgerFile);
  const redis = config.REDIS_URL
    ? new (await import('ioredis')).Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 })
    : null;
  const redisLimiter = redis
    ? (await import('./limiter/redis-rate-limiter.js')).createRedisRateLimiter
    : null;
  /** A limiter of `points` a minute: shared by every replica through Redis when configured. */
  const limiterOf = (points: number, keyPrefix?: string) =>
    redis && redisLimiter
      ? redisLimiter({ client: redis, points, windowS: 60, keyPrefix })
      : createMemoryRateLimiter({ points, windowS: 60 });
  const logger = createLogger(config.LOG_LEVEL);
  const sweeper = await startReservationSweeper({
    ledger,
    logger,
    now: Date.now,
    soleWriter: !config.DATABASE_URL,
  });
  const risk = createRiskContext(model);
  // The hash-chained prediction log, in the ledger's store (issue 22).
  const trackRecord = await openTrackRecord(config, ledgerFile);
  // The live feed advances `current_through` on this copy as it appends launches.
  const manifest = { ...store.manifest };
  // The chain reader is made before the live feed, so it hears the feed's first batch.
  let live: LiveFeed | null = null;
  let liveStopped: Promise<void> | undefined;
  /** Stops the live feed once, whoever asks first (a lost writer claim, or the server's close). */
  const stopLive = () => {
    liveStopped ??= live?.stop() ?? Promise.resolve();
    return liveStopped;
  };
  const feedListeners = new Set<(events: readonly ChainEvent[]) => void>();
  const chainAdapters = createChainAdapters({
    manifest: store.manifest,
    knownWalletsPath: defaultKnownWalletsPath(),
    solanaRpcUrl: config.SOLANA_RPC_URL,
    quoteApiUrl: config.QUOTE_API_URL,
    now: Date.now,
    stateDir: join(dirname(ledgerFile), 'sim-chain'),
    live:
      config.LIVE_FEED === 'sim'
        ? {
            now: () => live?.now() ?? Date.now(),
            onChainEvents: (listener) => {
              feedListeners.add(listener);
              return () => feedListeners.delete(listener);
            },
          }
        : null,
  });
  live = await startLiveFeed(config, {
    store,
    manifest,
    log: eventLog,
    risk,
    trackRecord,
    logger,
    knownWalletsPath: defaultKnownWalletsPath(),
    cursorPath: join(dirname(ledgerFile), 'live-rpc-cursor.json'),
    releaseWriter,
    onChainEvents: (events) => {
      for (const listener of feedListeners) listener(events);
    },
  });
  // The service's clock is the wall clock (DESIGN §7); the sim feed's clock never passes it.
  const now = Date.now;
  const streams = await createStreamHub({ log: eventLog, ledger, now });
  const payTo = config.X402_PAY_TO ?? DEV_PAY_TO;
  const payments = await startPayments(
    {
      localnet: config.X402_LOCALNET === 'on',
      feePayerKey: config.X402_FEE_PAYER_KEY,
      solanaRpcUrl: config.SOLANA_RPC_URL,
      facilitatorUrl: config.X402_FACILITATOR_URL,
      receivers: [payTo, config.DEPOSIT_ADDRESS ?? payTo],
    },
    logger,
  );
  const anchoring = await startTrackRecordAnchoring(config, trackRecord, {
    localnet: payments.localnet,
    logger,
    now: Date.now,
  });
  const metrics = createMetrics();
  registerMemoryGauges(metrics.registry, store);
  const app = createApp({
    store,
    manifest,
    ledger,
    // A key with a running plan is limited at its plan's rate (GET /v1/plans).
    limiter: withPlanRateLimits(limiterOf(config.RATE_LIMIT_PER_MIN), {
      ledger,
      now: Date.now,
      limitOf: (plan) => PLAN_TIERS.find((t) => t.name === plan)?.rate_limit_per_min ?? null,
      limiterFor: (points) => limiterOf(points, 'launchlens:rl:plan'),
    }),
    logger,
    metrics,
    x402: {
      payTo,
      feePayer: payments.feePayer ?? config.X402_FEE_PAYER ?? null,
      network: SOLANA_MAINNET,
      asset: USDC_MINT,
    },
    depositAddress: config.DEPOSIT_ADDRESS ?? config.X402_PAY_TO,
    payments: payments.services,
    risk,
    ...chainAdapters,
    identityIndex: () => store.identityIndex,
    streams,
    trackRecord,
    now,
    newRequestId: randomUUID,
    clientIp: config.TRUST_PROXY
      ? (c) => c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown'
      : undefined,
  });

  const { example_mint: mint } = await describeCoverage(store, store.manifest, Date.now());
  const server = await startServer({
    fetch: app.fetch,
    port: config.PORT,
    hostname: config.HOST,
    onClosed: async () => {
      sweeper.stop();
      await stopLive();
      // The head is anchored at shutdown, before the chain it is anchored on stops.
      await anchoring?.anchorNow();
      anchoring?.stop();
      await trackRecord.log.close();
      await payments.stop();
      await eventLog.close();
      await ledger.close();
      redis?.disconnect();
      await store.close();
    },
  });
  const base = server.url;
  console.log(
    `\nlaunchlens is serving ${store.manifest.launches.toLocaleString('en')} launches (${store.manifest.source}) at ${base}`,
  );
  console.log(`Docs: ${base}/docs   Guide: ${base}/llms.txt`);
  if (mint) console.log(`Example mint: ${mint}`);
  if (config.NODE_ENV === 'development') {
    const keyFile = join(dirname(ledgerFile), 'dev-api-key');
    const devKey = (await ensureDevelopmentKey({
      ledger,
      path: keyFile,
      credits: config.DEMO_CREDITS,
      nodeEnv: config.NODE_ENV,
      at: Date.now(),
    }))!;
    console.log(
      `Development API key (${devKey.minted ? 'new' : 'the same as last time'}, kept in ${keyFile}; ${devKey.credits} credits; never in production): ${devKey.secret}`,
    );
    if (mint) {
      const curveMint = await curveMintSoon(chainAdapters?.chain.curveMint);
      console.log('Try (paste these lines into one shell, in order):');
      for (const line of tryLines({ base, key: devKey.secret, mint, curveMint })) console.log(`  ${line}`);
    }
  } else {
    console.log(`Try: curl -s ${base}/v1/coverage`);
  }
  if (payments.localnet)
    console.log(
      `Localnet (LiteSVM, development only): RPC ${payments.localnet.url}, test USDC from POST ${payments.localnet.url}/faucet (\`pnpm launchlens demo\` walks x402 and a deposit end to end)`,
    );
  console.log('Stop with Ctrl-C.');
  // What the risk routes compute once a UTC day is computed in the background, at start and just
  // after each midnight: the day's calibration (every screen reads it), then the day's scorecard
  // (a walk-forward over a window of at most 360 days, run a period at a time between requests).
  // Then a full collection hands the pages the warm-up used back to the system: V8 keeps emptied
  // pages for reuse otherwise, and the process would carry the warm-up's peak.
  const historyFrom = Date.parse(manifest.history_from);
  const msSince = (t: number) => Math.round(performance.now() - t);
  const dailyWarmer = warmEachDay(
    async (day) => {
      const iso = new Date(day).toISOString();
      let t = performance.now();
      await warmRiskContext(store, risk, day);
      logger.info({ day: iso, ms: msSince(t) }, 'calibration ready');
      t = performance.now();
      await scorecardForDay(store, risk, historyFrom, day);
      logger.info({ day: iso, ms: msSince(t) }, 'scorecard ready');
      t = performance.now();
      await releaseHeap();
      logger.info({ day: iso, ms: msSince(t) }, 'warm-up done, heap released');
    },
    {
      now: Date.now,
      onError: (e, day) => logger.error({ err: e, day: new Date(day).toISOString() }, 'warm-up failed'),
    },
  );

  let stopping = false;
  /** Stops the server after its in-flight requests; exits `code`. `reason`: a signal's name, or why. */
  const shutdown = (reason: string, code = 0) => {
    // Ctrl-C reaches this process twice under `pnpm start` (from the terminal and relayed by tsx):
    // the first starts the stop, later ones are ignored (the 10 s limit below still holds).
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, 'shutting down: finishing in-flight requests');
    dailyWarmer.stop();
    streams.close();
    const force = setTimeout(() => {
      logger.error('in-flight requests did not finish in 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.stop().then(
      () => {
        logger.info('stopped');
        process.exit(code);
      },
      (e: unknown) => {
        logger.error({ err: e }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  stopWriter = (e) => {
    logger.error({ err: e }, 'the writer claim was lost: stopping, so that one writer writes the log');
    // The feed stops writing now, not after the in-flight requests.
    stopLive().catch((err: unknown) => logger.error({ err }, 'live feed stop failed'));
    shutdown('writer claim lost', 1);
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((e: unknown) => {
  process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
