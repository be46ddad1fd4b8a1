import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileModel, fitRiskModel, loadRiskFrame } from '@launchlens/engine';
import { type DatasetStore, openDataset } from '@launchlens/engine/store';
import { buildSimDataset, defaultKnownWalletsPath, loadKnownWallets } from '@launchlens/indexer';
import pino from 'pino';
import type { AppDeps } from '../../src/app/app-deps.js';
import { createApp } from '../../src/app/create-app.js';
import type { ChainReader } from '../../src/chain/chain-reader.js';
import type { QuoteClient } from '../../src/chain/quote-client.js';
import { openSqliteLedger } from '../../src/ledger/sqlite-ledger.js';
import { createMemoryRateLimiter, type RateLimitOptions } from '../../src/limiter/memory-rate-limiter.js';
import { createMetrics } from '../../src/metrics/create-metrics.js';
import { createRiskContext, type RiskContext } from '../../src/risk/risk-context.js';
import { SOLANA_MAINNET, USDC_MINT } from '../../src/x402/x402-settings.js';
import { TEST_FEE_PAYER, TEST_PAY_TO, type TestApp } from '../support/test-app.js';

/** A simulated dataset built for the test (300 launches over 1.5 days, seed 3), with a model fitted on it. */
export interface SimDataset {
  readonly store: DatasetStore;
  readonly risk: RiskContext;
  readonly exchanges: readonly { address: string; name: string }[];
  readonly end: number;
  /** Closes the store and removes the folder. */
  close(): Promise<void>;
}

export async function openSimDataset(): Promise<SimDataset> {
  const dir = mkdtempSync(join(tmpdir(), 'launchlens-live-'));
  const knownWalletsPath = defaultKnownWalletsPath();
  await buildSimDataset({
    launches: 300,
    seed: 3,
    end: Date.parse('2026-07-01T00:00:00Z'),
    out: dir,
    knownWalletsPath,
  });
  const store = await openDataset(dir);
  const end = Date.parse(store.manifest.current_through);
  const model = compileModel(fitRiskModel(await loadRiskFrame(store), { cutoff: end, l2: 1 }));
  const exchanges = loadKnownWallets(knownWalletsPath)
    .filter((k) => k.kind === 'exchange')
    .map((k) => ({ address: k.address, name: k.name }));
  return {
    store,
    risk: createRiskContext(model),
    exchanges,
    end,
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The real app over the simulated dataset with a chain reader and a quote client, at `now`. */
export function makeChainApp(
  data: SimDataset,
  chain: ChainReader,
  quotes: QuoteClient,
  now = data.end,
  rateLimit?: RateLimitOptions,
): TestApp {
  const ledger = openSqliteLedger(':memory:');
  let seq = 0;
  const deps: AppDeps = {
    store: data.store,
    manifest: data.store.manifest,
    ledger,
    limiter: createMemoryRateLimiter(rateLimit),
    logger: pino({ level: 'silent' }),
    metrics: createMetrics(),
    x402: { payTo: TEST_PAY_TO, feePayer: TEST_FEE_PAYER, network: SOLANA_MAINNET, asset: USDC_MINT },
    risk: data.risk,
    chain,
    quotes,
    now: () => now,
    newRequestId: () => `req-${++seq}`,
  };
  const app = createApp(deps);
  return {
    app,
    deps,
    ledger,
    async fundedKey(credits) {
      const m = await ledger.createKey({ credits, at: now });
      return { secret: m.secret, id: m.record.id };
    },
    async balance(id) {
      return (await ledger.findKeyById(id))!.credits;
    },
    close: () => ledger.close(),
  };
}
