// Loaded first: the stream routes call `.openapi` on engine schemas, which only zod schemas built
// after @hono/zod-openapi is loaded have.
import '../../src/app/create-app.js';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type VerifyReport, verifyTrackRecord } from '../../../../examples/verify-track-record.js';
import { type Localnet, startLocalnet } from '../../src/localnet/start-localnet.js';
import { anchorHead } from '../../src/track-record/anchor-head.js';
import { chainEntry } from '../../src/track-record/chain-entry.js';
import type { PredictionEntry } from '../../src/track-record/prediction-entry.js';
import {
  entryOfRow,
  PREDICTION_COLUMNS,
  type PredictionRow,
  rowOfEntry,
} from '../../src/track-record/prediction-row.js';
import { openSqlitePredictionLog } from '../../src/track-record/sqlite-prediction-log.js';
import { createTrackRecord } from '../../src/track-record/track-record.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';
import { buildTestWorld, type TestWorld } from '../support/test-world.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BASE = 'http://launchlens.test';
const NETWORK = 'localnet:test';

let world: TestWorld;
let net: Localnet;
let signer: KeyPairSigner;
let dir: string;
/** The ledger file of the published log, closed: each case works on a copy. */
let published: string;
let mints: string[];
let publishedAt: number;

/** The app over a copy of the published log at `file`, with the anchor target set. */
function appOn(file: string): { t: TestApp; close: () => Promise<void> } {
  const log = openSqlitePredictionLog(file);
  const track = createTrackRecord({ log });
  track.anchorTarget = { network: NETWORK, signer: signer.address, rpc_url: net.url };
  const t = makeTestApp(world, { deps: () => ({ trackRecord: track }) });
  return {
    t,
    close: async () => {
      await log.close();
      await t.close();
    },
  };
}

/** The verifier against the app (in process) and the localnet (over its loopback RPC). */
function verify(t: TestApp): Promise<VerifyReport> {
  const doFetch = ((input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    return url.startsWith(net.url) ? fetch(url, init) : t.app.request(url, init);
  }) as typeof fetch;
  return verifyTrackRecord({ base: BASE, rpcUrl: net.url, fetch: doFetch, pageSize: 3 });
}

/** Verifies a copy of the published log after `tamper` changed it with plain SQL (triggers dropped). */
async function verifyTampered(tamper: (db: Database.Database) => void): Promise<VerifyReport> {
  const file = join(dir, `case-${Math.random().toString(36).slice(2)}.sqlite`);
  copyFileSync(published, file);
  const db = new Database(file);
  db.exec('DROP TRIGGER prediction_log_no_update; DROP TRIGGER prediction_log_no_delete;');
  tamper(db);
  db.close();
  const { t, close } = appOn(file);
  try {
    return await verify(t);
  } finally {
    await close();
  }
}

beforeAll(async () => {
  world = await buildTestWorld();
  net = await startLocalnet();
  signer = await generateKeyPairSigner();
  await net.chain.fund(signer.address, 0n, 1_000_000_000n);
  dir = mkdtempSync(join(tmpdir(), 'track-record-'));
  published = join(dir, 'ledger.sqlite');

  // Publish first screens two days before the world's end: tokens analysed in the 30 hours before
  // then, so some outcomes settled before publication and some after.
  publishedAt = world.now - 2 * DAY;
  const rows = await world.store.all<{ mint: string; analyzed_at: number }>(
    'SELECT mint, analyzed_at FROM tokens WHERE NOT skipped ORDER BY analyzed_at',
  );
  mints = rows
    .filter((r) => r.analyzed_at <= publishedAt - 10 * 60_000 && r.analyzed_at > publishedAt - 30 * HOUR)
    .map((r) => r.mint);
  let clock = publishedAt;
  const log = openSqlitePredictionLog(published);
  const track = createTrackRecord({ log });
  const t = makeTestApp(world, { deps: () => ({ trackRecord: track, now: () => clock }) });
  const key = await t.fundedKey(10_000);
  // A HEAD shows no verdict: nothing is logged for it.
  const head = await t.app.request(`/v1/screen/${mints[0]}`, {
    method: 'HEAD',
    headers: { 'x-api-key': key.secret },
  });
  expect(head.status).toBe(200);
  expect((await log.summary()).count).toBe(0);
  for (const mint of [...mints, mints[0]]) {
    const res = await t.app.request(`/v1/screen/${mint}`, { headers: { 'x-api-key': key.secret } });
    expect(res.status).toBe(200);
  }
  clock = world.now;
  await anchorHead({ log, rpcUrl: net.url, signer, network: NETWORK, now: () => clock });
  await log.close();
  await t.close();
});

afterAll(async () => {
  await net?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the track record as published', () => {
  test('every first screen is logged once and the verifier passes: hashes, links, anchor on chain, live scorecard', async () => {
    expect(mints.length).toBeGreaterThanOrEqual(4);
    const { t, close } = appOn(published);
    try {
      const report = await verify(t);
      expect(report.problems).toEqual([]);
      expect(report).toMatchObject({ entries: mints.length, anchorsOnChain: 1, liveChecked: true });
      const card = (await (await t.app.request('/v1/scorecard')).json()) as {
        live: { n: number; settled_before_publication_n: number; through_seq: number };
        sections: { windows: string };
      };
      // Both kinds of outcome occur in the log, and only the later ones are counted.
      expect(card.live.n).toBeGreaterThan(0);
      expect(card.live.settled_before_publication_n).toBeGreaterThan(0);
      expect(card.live.n + card.live.settled_before_publication_n).toBe(mints.length);
      expect(card.sections.windows).toMatch(/^backtest/);
    } finally {
      await close();
    }
  });

  test('the routes are free, validate their input and give a mint’s neighbours', async () => {
    const { t, close } = appOn(published);
    try {
      const summary = await t.app.request('/v1/track-record');
      expect(summary.status).toBe(200);
      const body = (await summary.json()) as {
        count: number;
        anchors: { list: unknown[] };
        _meta: { billing: { charged: boolean } };
      };
      expect(body.count).toBe(mints.length);
      expect(body.anchors.list).toHaveLength(1);
      expect(body._meta.billing.charged).toBe(false);
      const one = (await (await t.app.request(`/v1/track-record/${mints[1]}`)).json()) as {
        entries: PredictionEntry[];
        neighbours: PredictionEntry[];
      };
      expect(one.entries.map((e) => e.seq)).toEqual([2]);
      expect(one.neighbours.map((e) => e.seq)).toEqual([1, 3]);
      expect(one.entries[0].prev_hash).toBe(one.neighbours[0].hash);
      expect(one.neighbours[1].prev_hash).toBe(one.entries[0].hash);
      const page = await t.app.request('/v1/track-record?format=ndjson&after_seq=1&limit=2');
      expect(page.headers.get('content-type')).toBe('application/x-ndjson');
      const lines = (await page.text())
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(lines.slice(0, 2).map((l) => l.seq)).toEqual([2, 3]);
      expect(lines[2]).toMatchObject({ next_after_seq: 3 });
      const llms = await (await t.app.request('/llms.txt')).text();
      expect(llms).toContain('Track record: the first verdict published');
      expect(llms).toMatch(/\[GET \/v1\/track-record\/\{mint\}\].* — free/);
      const doc = (await (await t.app.request('/openapi.json')).json()) as {
        paths: Record<string, { get: { responses: Record<string, { content: Record<string, unknown> }> } }>;
      };
      expect(Object.keys(doc.paths['/v1/track-record'].get.responses['200'].content)).toEqual([
        'application/json',
        'application/x-ndjson',
      ]);
      expect(doc.paths['/v1/track-record/{mint}'].get.responses).toHaveProperty('400');
      for (const bad of [
        '/v1/track-record?limit=0',
        '/v1/track-record?limit=5001',
        '/v1/track-record?after_seq=-1',
        '/v1/track-record?format=xml',
        '/v1/track-record/not-a-mint',
      ]) {
        const res = await t.app.request(bad);
        expect(res.status, bad).toBe(400);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_input');
      }
    } finally {
      await close();
    }
  });
});

test('a verdict the log cannot take is not shown: the first screen fails as a server error and is not charged', async () => {
  const log = openSqlitePredictionLog(':memory:');
  const track = createTrackRecord({ log });
  await log.close();
  const t = makeTestApp(world, { deps: () => ({ trackRecord: track }) });
  const key = await t.fundedKey(100);
  const res = await t.app.request(`/v1/screen/${world.mint}`, { headers: { 'x-api-key': key.secret } });
  expect(res.status).toBe(500);
  expect(await res.text()).not.toContain('rug_risk');
  expect(await t.balance(key.id)).toBe(100);
  await t.close();
});

describe('the verifier detects', () => {
  test('a tampered entry', async () => {
    const r = await verifyTampered((db) =>
      db.prepare('UPDATE prediction_log SET rug_probability_pct = 1.5 WHERE seq = 2').run(),
    );
    expect(r.problems.join('\n')).toMatch(/entry #2 .*hash does not match its content/);
  });

  test('a removed entry', async () => {
    const r = await verifyTampered((db) => db.prepare('DELETE FROM prediction_log WHERE seq = 2').run());
    expect(r.problems.join('\n')).toMatch(/entry at position 2 has seq 3/);
    expect(r.problems.join('\n')).toMatch(/entry #3 .*does not link/);
  });

  test('a reordered pair', async () => {
    const r = await verifyTampered((db) => {
      db.prepare('UPDATE prediction_log SET seq = -2 WHERE seq = 2').run();
      db.prepare('UPDATE prediction_log SET seq = 2 WHERE seq = 3').run();
      db.prepare('UPDATE prediction_log SET seq = 3 WHERE seq = -2').run();
    });
    expect(r.problems.join('\n')).toMatch(/entry #2 .*does not link/);
    expect(r.problems.join('\n')).toMatch(/hash does not match/);
  });

  test('a rewritten tail whose hashes are all recomputed (by the anchor)', async () => {
    const rewrite = (db: Database.Database) => {
      const rows = db
        .prepare(`SELECT ${PREDICTION_COLUMNS} FROM prediction_log ORDER BY seq`)
        .all() as PredictionRow[];
      const from = rows.length - 2;
      db.prepare('DELETE FROM prediction_log WHERE seq > ?').run(from);
      let head: PredictionEntry = entryOfRow(rows[from - 1]);
      for (const r of rows.slice(from)) {
        const { seq: _s, prev_hash: _p, hash: _h, ...verdict } = entryOfRow(r);
        head = chainEntry(head, { ...verdict, rug_probability_pct: 3, verdict: 'low' });
        db.prepare(
          `INSERT INTO prediction_log (${PREDICTION_COLUMNS}) VALUES (${rowOfEntry(head)
            .map(() => '?')
            .join(', ')})`,
        ).run(...(rowOfEntry(head) as (string | number | null)[]));
      }
      return head;
    };
    const r = await verifyTampered(rewrite);
    // The chain itself is consistent again: only the anchor tells.
    expect(r.problems.some((p) => /hash does not match|does not link|gap/.test(p))).toBe(false);
    expect(r.problems.join('\n')).toMatch(/anchor .*entry #\d+ has hash .*\(rewritten\)/);
    // Rewriting the anchor's row too is caught on chain: the memo there holds the old head.
    const forged = await verifyTampered((db) => {
      const head = rewrite(db);
      db.prepare('UPDATE track_record_anchors SET head_hash = ?, memo = ?').run(
        head.hash,
        `launchlens track-record seq=${head.seq} head=${head.hash}`,
      );
    });
    expect(forged.problems.join('\n')).toMatch(/the memo on chain is not/);
    // Deleting the anchor rows instead: the key's memos on chain still name the old head.
    const hidden = await verifyTampered((db) => {
      rewrite(db);
      db.prepare('DELETE FROM track_record_anchors').run();
    });
    expect(hidden.problems.join('\n')).toMatch(/on chain \(not listed\) names #\d+ .*\(rewritten\)/);
  });
});
