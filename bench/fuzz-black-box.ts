/**
 * Black-box acceptance of issue 19: N fuzzed requests (default 20,000) drawn from `/openapi.json`
 * by the test generator, sent by 8 concurrent clients (each with its own funded key) to a real
 * listening server (`startServer`, with its deadlines) over the test world and a SQLite ledger
 * file; every answer checked by `checkFuzzedResponse` (no 5xx, error bodies in shape, a balance
 * moves only on a 2xx that says it charged exactly that). Then the ledger invariant for every key:
 * grants − posted charges = balance, nothing held. Usage: `tsx bench/fuzz-black-box.ts [N]`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@launchlens/server';
import {
  buildTestWorld,
  checkFuzzedResponse,
  type FuzzRequest,
  makeTestApp,
  sampleRequests,
  worldSeeds,
} from '@launchlens/server/testing';

const N = Number(process.argv[2] ?? 20_000);
const CLIENTS = 8;
const FUNDS = 1_000_000_000;

const world = await buildTestWorld();
const t = makeTestApp(world, {
  ledgerPath: join(mkdtempSync(join(tmpdir(), 'fuzz-ledger-')), 'ledger.sqlite'),
  rateLimit: { points: 100_000_000, windowS: 60 },
});
const server = await startServer({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
const doc = await (await fetch(`${server.url}/openapi.json`)).json();
const keys = await Promise.all(Array.from({ length: CLIENTS }, () => t.fundedKey(FUNDS)));
const seeds = worldSeeds(world, keys[0].secret);

const tally = {
  requests: 0,
  fivexx: 0,
  notImplemented501: 0,
  noAnswer: 0,
  broken: 0,
  non2xx: 0,
  head: 0,
  charged: 0,
  chargedNon2xx: 0,
  chargedHead: 0,
};
const examples: string[] = [];
const statuses = new Map<number, number>();

async function client(i: number, requests: FuzzRequest[]) {
  const key = keys[i];
  for (const generated of requests) {
    const headers = { ...generated.headers };
    if (headers['x-api-key'] === keys[0].secret) headers['x-api-key'] = key.secret;
    const req = { ...generated, headers };
    const before = await t.balance(key.id);
    let status = 0;
    let contentType = '';
    let text = '';
    try {
      const res = await fetch(`${server.url}${req.url}`, { method: req.method, headers, body: req.body });
      status = res.status;
      contentType = res.headers.get('content-type') ?? '';
      text = await res.text();
    } catch (e) {
      const cause = (e as Error & { cause?: { code?: string; message?: string } }).cause;
      text = `no answer (${cause?.code ?? cause?.message ?? (e as Error).message}): ${req.method} ${req.url} body ${req.body?.length ?? 0} B`;
    }
    // A post happens once the response is written: wait until the key holds nothing.
    for (let k = 0; k < 50 && (await t.ledger.findKeyById(key.id))!.held !== 0; k++)
      await new Promise((r) => setTimeout(r, 2));
    const spent = before - (await t.balance(key.id));
    tally.requests++;
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (status >= 500 && status !== 501) tally.fivexx++;
    if (status === 501) tally.notImplemented501++;
    if (status === 0) tally.noAnswer++;
    if (status < 200 || status >= 300) tally.non2xx++;
    if (req.method === 'HEAD') tally.head++;
    if (spent > 0) tally.charged++;
    if (spent > 0 && (status < 200 || status >= 300)) tally.chargedNon2xx++;
    if (spent > 0 && req.method === 'HEAD') tally.chargedHead++;
    const broken = status === 0 ? [text] : checkFuzzedResponse(req, { status, contentType, text }, spent);
    if (broken.length > 0) {
      tally.broken++;
      if (examples.length < 12) examples.push(...broken);
    }
  }
}

const started = performance.now();
const all = sampleRequests(doc, seeds, N, 1919);
await Promise.all(
  Array.from({ length: CLIENTS }, (_, i) =>
    client(
      i,
      all.filter((_, j) => j % CLIENTS === i),
    ),
  ),
);
const seconds = (performance.now() - started) / 1000;

let invariantBroken = 0;
for (const key of keys) {
  const record = (await t.ledger.findKeyById(key.id))!;
  const posted = (await t.ledger.charges(key.id)).reduce((s, c) => s + c.credits, 0);
  if (record.credits !== FUNDS - posted || record.held !== 0) invariantBroken++;
}
await server.stop();
await t.close();
console.log(
  JSON.stringify(
    {
      ...tally,
      seconds: Math.round(seconds),
      statuses: Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])),
      keys: keys.length,
      invariant_broken_keys: invariantBroken,
      examples,
    },
    null,
    1,
  ),
);
process.exit(tally.broken === 0 && invariantBroken === 0 ? 0 : 1);
