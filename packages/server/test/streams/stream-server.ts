import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openMemoryStore } from '@launchlens/engine/store';
import { EventSource } from 'eventsource';
import pino from 'pino';
import { createApp } from '../../src/app/create-app.js';
import { type RunningServer, startServer } from '../../src/app/start-server.js';
import type { Ledger } from '../../src/ledger/ledger.js';
import { openSqliteLedger } from '../../src/ledger/sqlite-ledger.js';
import { createMemoryRateLimiter } from '../../src/limiter/memory-rate-limiter.js';
import type { EventLog, LoggedEvent, NewEvent } from '../../src/live/event-log.js';
import { openSqliteEventLog } from '../../src/live/sqlite-event-log.js';
import { createMetrics } from '../../src/metrics/create-metrics.js';
import { createStreamHub, type StreamHub } from '../../src/streams/stream-hub.js';
import { SOLANA_MAINNET, USDC_MINT } from '../../src/x402/x402-settings.js';
import { addr } from '../support/addr.js';

/** A listening server with streams over a SQLite ledger file and an event log in the same file. */
export interface StreamServer {
  readonly url: string;
  readonly ledger: Ledger;
  readonly log: EventLog;
  readonly hub: StreamHub;
  fundedKey(credits: number): Promise<{ secret: string; id: string }>;
  balance(id: string): Promise<number>;
  publish(events: readonly NewEvent[]): Promise<readonly LoggedEvent[]>;
  close(): Promise<void>;
}

export async function startStreamServer(
  options: { readonly heartbeatMs?: number } = {},
): Promise<StreamServer> {
  const dir = mkdtempSync(join(tmpdir(), 'streams-'));
  const file = join(dir, 'ledger.sqlite');
  const ledger = openSqliteLedger(file);
  const log = openSqliteEventLog(file);
  const store = await openMemoryStore();
  const now = Date.now;
  const hub = await createStreamHub({ log, ledger, now, heartbeatMs: options.heartbeatMs ?? 60_000 });
  let seq = 0;
  const app = createApp({
    store,
    manifest: store.manifest,
    ledger,
    limiter: createMemoryRateLimiter({ points: 100_000, windowS: 60 }),
    logger: pino({ level: 'silent' }),
    metrics: createMetrics(),
    x402: { payTo: addr('pay-to', 1), feePayer: null, network: SOLANA_MAINNET, asset: USDC_MINT },
    streams: hub,
    now,
    newRequestId: () => `req-${++seq}`,
  });
  const server: RunningServer = await startServer({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  return {
    url: server.url,
    ledger,
    log,
    hub,
    async fundedKey(credits) {
      const m = await ledger.createKey({ credits, at: Date.now() });
      return { secret: m.secret, id: m.record.id };
    },
    async balance(id) {
      return (await ledger.findKeyById(id))!.credits;
    },
    publish: (events) => log.append(events),
    async close() {
      hub.close();
      await server.stop();
      await log.close();
      await ledger.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A real `eventsource` client sending the key (and `Last-Event-ID` when resuming). */
export function openEventSource(url: string, secret: string | null, lastEventId?: string): EventSource {
  return new EventSource(url, {
    fetch: (input, init) =>
      fetch(input, {
        ...init,
        headers: {
          ...init.headers,
          ...(secret === null ? {} : { 'X-API-Key': secret }),
          ...(lastEventId === undefined ? {} : { 'Last-Event-ID': lastEventId }),
        },
      }),
  });
}

/** A migration payload as the live feed publishes it. */
export function migrationPayload(i: number, platform: 'pumpfun' | 'letsbonk' = 'pumpfun') {
  return {
    mint: addr('live-mint', i),
    symbol: `T${i}`,
    name: `Token ${i}`,
    analyzed_at: new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString(),
    mcap_at_analysis: 50_000 + i,
    platform,
    holders: 100,
    insiders: 2,
    snipers: 3,
    skipped: false,
    rug_risk: { verdict: 'elevated', rug_probability_pct: 60, score: 55 },
    liquidity_at_analysis: 20_000,
    top10_pct: 30,
    insiders_pct: 4,
    snipers_pct: 6,
  };
}

export function migrationEvent(i: number, platform: 'pumpfun' | 'letsbonk' = 'pumpfun'): NewEvent {
  return { stream: 'migrations', key: `m${i}`, at: Date.now(), payload: migrationPayload(i, platform) };
}
