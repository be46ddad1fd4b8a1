import { join } from 'node:path';
import { compileModel, fitRiskModel, loadRiskFrame } from '@launchlens/engine';
import { type DatasetStore, openDataset } from '@launchlens/engine/store';
import { defaultKnownWalletsPath, loadKnownWallets, REPO_ROOT } from '@launchlens/indexer';
import pino from 'pino';
import type { AppDeps } from '../../src/app/app-deps.js';
import { createApp } from '../../src/app/create-app.js';
import type { ChainReader } from '../../src/chain/chain-reader.js';
import type { QuoteClient } from '../../src/chain/quote-client.js';
import { openSqliteLedger } from '../../src/ledger/sqlite-ledger.js';
import { createMemoryRateLimiter } from '../../src/limiter/memory-rate-limiter.js';
import { createMetrics } from '../../src/metrics/create-metrics.js';
import { createRiskContext, type RiskContext } from '../../src/risk/risk-context.js';
import { SOLANA_MAINNET, USDC_MINT } from '../../src/x402/x402-settings.js';
import { TEST_FEE_PAYER, TEST_PAY_TO, type TestApp } from '../support/test-app.js';

/** The committed simulated dataset (400 launches, seed 1), with a model fitted on it. */
export interface SimDataset {
  readonly store: DatasetStore;
  readonly risk: RiskContext;
  readonly exchanges: readonly { address: string; name: string }[];
  readonly end: number;
}

export async function openSimDataset(): Promise<SimDataset> {
  const store = await openDataset(join(REPO_ROOT, 'datasets', 'test-small'));
  const end = Date.parse(store.manifest.current_through);
  const model = compileModel(fitRiskModel(await loadRiskFrame(store), { cutoff: end, l2: 1 }));
  const exchanges = loadKnownWallets(defaultKnownWalletsPath())
    .filter((k) => k.kind === 'exchange')
    .map((k) => ({ address: k.address, name: k.name }));
  return { store, risk: createRiskContext(model), exchanges, end };
}

/** The real app over the simulated dataset with a chain reader and a quote client, at `now`. */
export function makeChainApp(
  data: SimDataset,
  chain: ChainReader,
  quotes: QuoteClient,
  now = data.end,
): TestApp {
  const ledger = openSqliteLedger(':memory:');
  let seq = 0;
  const deps: AppDeps = {
    store: data.store,
    manifest: data.store.manifest,
    ledger,
    limiter: createMemoryRateLimiter(),
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
