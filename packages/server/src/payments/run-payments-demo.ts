import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileModel, describeCoverage, fitRiskModel, loadRiskFrame } from '@launchlens/engine';
import { openDataset } from '@launchlens/engine/store';
import { type ChainEvent, defaultKnownWalletsPath, loadKnownWallets } from '@launchlens/indexer';
import { generateKeyPairSigner } from '@solana/kit';
import { decodePaymentResponseHeader, wrapFetchWithPayment } from '@x402/fetch';
import pino from 'pino';
import { createApp } from '../app/create-app.js';
import { startServer } from '../app/start-server.js';
import { createChainAdapters } from '../chain/create-chain-adapters.js';
import { openSqliteLedger } from '../ledger/sqlite-ledger.js';
import { createMemoryRateLimiter } from '../limiter/memory-rate-limiter.js';
import { openSqliteEventLog } from '../live/sqlite-event-log.js';
import { startSimFeed } from '../live/start-sim-feed.js';
import { sendUsdcTransfer } from '../localnet/send-usdc-transfer.js';
import { createMetrics } from '../metrics/create-metrics.js';
import { createRiskContext } from '../risk/risk-context.js';
import { createSvmPayerClient } from '../x402/create-svm-payer-client.js';
import { SOLANA_MAINNET, USDC_MINT } from '../x402/x402-settings.js';
import { startPayments } from './start-payments.js';

export interface DemoStep {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
}

// biome-ignore lint/suspicious/noExplicitAny: the demo prints fields of the API's JSON answers
const json = async (r: Response) => (await r.json()) as Record<string, any>;

/**
 * The payments walk-through of `launchlens demo`, on the localnet with no network: a server over
 * `datasetDir` on a loopback port; a wallet funded by the faucet pays `GET /v1/inspect/{mint}`
 * with the unmodified `@x402/fetch` client; the proof is replayed (refused); a key is minted and
 * topped up by a real USDC transfer carrying its reference, then pays a call with credits; the
 * simulated world runs forward (the sim feed, its clock pinned an hour after the dataset's end) and
 * the key pays `POST /v1/analyze/{mint}` for a launch still on its curve, polled to `complete`.
 */
export async function runPaymentsDemo(
  datasetDir: string,
  print: (line: string) => void,
): Promise<readonly DemoStep[]> {
  const steps: DemoStep[] = [];
  const step = (name: string, ok: boolean, detail: string) => {
    steps.push({ name, ok, detail });
    print(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
  };
  const dir = mkdtempSync(join(tmpdir(), 'launchlens-demo-'));
  const store = await openDataset(datasetDir);
  const ledger = openSqliteLedger(join(dir, 'ledger.sqlite'));
  const payTo = (await generateKeyPairSigner()).address;
  const logger = pino({ level: 'silent' });
  const payments = await startPayments({ localnet: true, receivers: [payTo] }, logger);
  const localnet = payments.localnet!;
  const through = Date.parse(store.manifest.current_through);
  const risk = createRiskContext(
    compileModel(
      fitRiskModel(await loadRiskFrame(store), { cutoff: through, calibrationWindowDays: 14, l2: 1 }),
    ),
  );
  // The dataset ended long ago: the demo's wall clock reads an hour after it, advancing in real time.
  const started = Date.now();
  const wallNow = () => through + 3_600_000 + (Date.now() - started);
  const eventLog = openSqliteEventLog(join(dir, 'ledger.sqlite'));
  const feedListeners = new Set<(events: readonly ChainEvent[]) => void>();
  let feedNow = () => through;
  const knownWalletsPath = defaultKnownWalletsPath();
  const chain = createChainAdapters({
    manifest: store.manifest,
    knownWalletsPath,
    now: wallNow,
    live: {
      now: () => feedNow(),
      onChainEvents: (listener) => {
        feedListeners.add(listener);
        return () => feedListeners.delete(listener);
      },
    },
  });
  const feed = await startSimFeed({
    store,
    manifest: { ...store.manifest },
    log: eventLog,
    risk,
    logger,
    knownExchanges: loadKnownWallets(knownWalletsPath).filter((k) => k.kind === 'exchange'),
    timeFactor: 600,
    wallNow,
    onChainEvents: (events) => {
      for (const listener of feedListeners) listener(events);
    },
  });
  feedNow = feed.now;
  const app = createApp({
    store,
    manifest: store.manifest,
    ledger,
    limiter: createMemoryRateLimiter(),
    logger,
    metrics: createMetrics(),
    x402: { payTo, feePayer: payments.feePayer, network: SOLANA_MAINNET, asset: USDC_MINT },
    payments: payments.services,
    risk,
    ...chain,
    now: wallNow,
    newRequestId: () => crypto.randomUUID(),
  });
  const server = await startServer({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  try {
    const base = server.url;
    const coverage = await describeCoverage(
      store,
      store.manifest,
      Date.parse(store.manifest.current_through),
    );
    const mint = coverage.example_mint;
    if (mint === null) throw new Error(`the dataset in ${datasetDir} has no example mint`);
    print(`server ${base}, localnet RPC ${localnet.url}, paying GET /v1/inspect/${mint}`);

    const wallet = await generateKeyPairSigner();
    const faucet = await fetch(`${localnet.url}/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ owner: wallet.address, usdc_micros: '50000000', sol_lamports: '1000000000' }),
    });
    step(
      'faucet',
      faucet.ok,
      `wallet ${wallet.address} holds ${(await json(faucet)).usdc_micros} USDC base units`,
    );

    const sent: string[] = [];
    const client = createSvmPayerClient(wallet, localnet.url);
    const paying = wrapFetchWithPayment(async (input, init) => {
      const request = new Request(input, init);
      const proof = request.headers.get('payment-signature');
      if (proof !== null) sent.push(proof);
      return fetch(request);
    }, client);
    const before = await localnet.chain.usdcBalance(payTo);
    const paid = await paying(`${base}/v1/inspect/${mint}`);
    const paidBody = await json(paid);
    const settlement = paid.headers.get('payment-response');
    const moved = (await localnet.chain.usdcBalance(payTo)) - before;
    step(
      'x402 paid call',
      paid.status === 200 &&
        settlement !== null &&
        paidBody._meta?.billing?.method === 'x402' &&
        moved === 10_000n,
      `HTTP ${paid.status}, settled in ${settlement ? decodePaymentResponseHeader(settlement).transaction : 'nothing'}, ${moved} base units moved to payTo`,
    );

    const replay = await fetch(`${base}/v1/inspect/${mint}`, {
      headers: { 'payment-signature': sent[0] ?? '' },
    });
    const replayBody = await json(replay);
    step(
      'x402 replay refused',
      replay.status === 402 && replayBody.error?.code === 'payment_replayed',
      `HTTP ${replay.status} ${replayBody.error?.code}`,
    );

    const post = (path: string, body: unknown, key?: string) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
        body: JSON.stringify(body),
      });
    const minted = await json(await post('/v1/keys', {}));
    const key: string = minted.api_key;
    const info = await json(await fetch(`${base}/v1/credits/deposit`, { headers: { 'x-api-key': key } }));
    const signature = await sendUsdcTransfer({
      rpcUrl: localnet.url,
      payer: wallet,
      to: info.pay_to,
      micros: 25_000_000n,
      mint: USDC_MINT,
      reference: info.reference,
    });
    const credited = await post('/v1/credits/deposit', { tx_signature: signature }, key);
    const creditedBody = await json(credited);
    step(
      'deposit credited',
      credited.status === 200 && creditedBody.credits === 50_000 && creditedBody.bonus_credits === 10_000,
      `25 USD in ${signature.slice(0, 16)}… bought ${creditedBody.credits} credits + ${creditedBody.bonus_credits} welcome bonus`,
    );
    const again = await json(await post('/v1/credits/deposit', { tx_signature: signature }, key));
    step('deposit credited once', again.status === 'already_credited', `second post: ${again.status}`);

    const withKey = await fetch(`${base}/v1/inspect/${mint}`, { headers: { 'x-api-key': key } });
    const withKeyBody = await json(withKey);
    step(
      'credits paid call',
      withKey.status === 200 && withKeyBody._meta?.billing?.credits === 20,
      `HTTP ${withKey.status}, ${withKeyBody._meta?.billing?.credits} credits, balance ${withKeyBody._meta?.billing?.balance_credits}`,
    );

    const curveMint = chain?.chain.curveMint?.() ?? null;
    const queued = curveMint === null ? null : await post(`/v1/analyze/${curveMint}`, {}, key);
    const queuedBody = queued === null ? {} : await json(queued);
    step(
      'analyze queued',
      queued?.status === 202 && queuedBody.status === 'queued',
      curveMint === null
        ? 'no launch on its curve in the simulated world'
        : `POST /v1/analyze/${curveMint}: HTTP ${queued?.status}, ${queuedBody._meta?.billing?.credits} credits, ${queuedBody.poll}`,
    );
    let analysis: Record<string, unknown> & {
      status?: string;
      screen?: { mint?: string; rug_risk?: { verdict?: string } };
    } = {};
    for (let i = 0; queued?.status === 202 && i < 600; i++) {
      analysis = await json(await fetch(`${base}${queuedBody.poll}`));
      if (analysis.status === 'complete' || analysis.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    step(
      'analyze complete',
      analysis.status === 'complete' && analysis.screen?.mint === curveMint,
      `GET ${queuedBody.poll}: ${analysis.status}, screen verdict ${analysis.screen?.rug_risk?.verdict}`,
    );
    return steps;
  } finally {
    await server.stop();
    await feed.stop();
    await eventLog.close();
    await ledger.close();
    await payments.stop();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
