import type { OpenAPIHono } from '@hono/zod-openapi';
import pino from 'pino';
import type { AppDeps } from '../../src/app/app-deps.js';
import type { AppEnv } from '../../src/app/app-env.js';
import { createApp } from '../../src/app/create-app.js';
import type { Ledger } from '../../src/ledger/ledger.js';
import { openSqliteLedger } from '../../src/ledger/sqlite-ledger.js';
import { createMemoryRateLimiter, type RateLimitOptions } from '../../src/limiter/memory-rate-limiter.js';
import { createMetrics } from '../../src/metrics/create-metrics.js';
import { SOLANA_MAINNET, USDC_MINT } from '../../src/x402/x402-settings.js';
import { addr } from './addr.js';
import type { TestWorld } from './test-world.js';

export const TEST_PAY_TO = addr('pay-to', 1);
export const TEST_FEE_PAYER = addr('fee-payer', 1);

export interface TestApp {
  readonly app: OpenAPIHono<AppEnv>;
  readonly deps: AppDeps;
  readonly ledger: Ledger;
  /** A fresh key with `credits`; returns its secret and id. */
  fundedKey(credits: number): Promise<{ secret: string; id: string }>;
  balance(id: string): Promise<number>;
  close(): Promise<void>;
}

/** The real app over a test world, a SQLite ledger (`:memory:` unless a path is given) and a memory limiter. */
export function makeTestApp(
  world: TestWorld,
  options: {
    readonly rateLimit?: RateLimitOptions;
    readonly ledgerPath?: string;
    readonly withRisk?: boolean;
    readonly identityIndex?: AppDeps['identityIndex'];
    /** Dependencies that replace the defaults, built over the app's ledger (payments, a limiter …). */
    readonly deps?: (ledger: Ledger) => Partial<AppDeps>;
  } = {},
): TestApp {
  const ledger = openSqliteLedger(options.ledgerPath ?? ':memory:');
  let seq = 0;
  const deps: AppDeps = {
    store: world.store,
    manifest: world.manifest,
    ledger,
    limiter: createMemoryRateLimiter(options.rateLimit),
    logger: pino({ level: 'silent' }),
    metrics: createMetrics(),
    x402: { payTo: TEST_PAY_TO, feePayer: TEST_FEE_PAYER, network: SOLANA_MAINNET, asset: USDC_MINT },
    risk: options.withRisk === false ? undefined : world.risk,
    identityIndex: options.identityIndex,
    now: () => world.now,
    newRequestId: () => `req-${++seq}`,
    ...options.deps?.(ledger),
  };
  const app = createApp(deps);
  return {
    app,
    deps,
    ledger,
    async fundedKey(credits) {
      const m = await ledger.createKey({ credits, at: world.now });
      return { secret: m.secret, id: m.record.id };
    },
    async balance(id) {
      return (await ledger.findKeyById(id))!.credits;
    },
    close: () => ledger.close(),
  };
}
