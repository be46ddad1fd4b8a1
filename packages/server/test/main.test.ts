import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildSimDataset, defaultEnd, defaultKnownWalletsPath } from '@launchlens/indexer';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { verifyTrackRecord } from '../../../examples/verify-track-record.js';
import { TRY_CALLS } from '../src/demo/try-lines.js';

const runShell = promisify(execFile);
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'main-'));
  await buildSimDataset({
    launches: 400,
    seed: 7,
    end: defaultEnd(Date.now()),
    out: join(dir, 'dataset'),
    knownWalletsPath: defaultKnownWalletsPath(),
  });
}, 240_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the main job prints a base URL, a funded development key, the example mint and shell lines that work as printed (analyze of a curve launch included); SIGTERM stops it cleanly', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATASET_DIR: join(dir, 'dataset'),
      LEDGER_PATH: join(dir, 'var', 'ledger.sqlite'),
      PORT: '0',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const rl = createInterface({ input: child.stdout! });
      rl.on('line', (line) => {
        lines.push(line);
        if (line.startsWith('Stop with Ctrl-C.')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`main exited with ${code}: ${lines.join('\n')}`)));
    });
    const text = lines.join('\n');
    const base = /serving .* at (http:\/\/127\.0\.0\.1:\d+)/.exec(text)![1];
    const mint = /Example mint: (\S+)/.exec(text)![1];
    const secret =
      /Development API key \(new, kept in .*dev-api-key; 20000 credits; never in production\): (ll_live_\S+)/.exec(
        text,
      )![1];
    const tryAt = lines.findIndex((l) => l.startsWith('Try (paste'));
    const shell = lines
      .slice(tryAt + 1, lines.indexOf('Stop with Ctrl-C.'))
      .filter((l) => l.startsWith('  '));
    const values = shell[0].trim();
    expect(values).toMatch(new RegExp(`^BASE=${base} KEY=${secret} MINT=${mint} CURVE=\\S+$`));
    const calls = shell.slice(1).map((l) => l.trim());
    expect(calls).toEqual([...TRY_CALLS]);
    // Each line as printed, in one shell session (the analyze line sets ID for the next one).
    const run = async (line: string) => (await runShell('sh', ['-c', `${values}; ${line}`])).stdout;
    const coverage = JSON.parse(await run(calls[0]));
    expect(coverage.example_mint).toBe(mint);
    expect(coverage.start_here.curve_mint).toBe(/CURVE=(\S+)/.exec(values)![1]);
    expect(JSON.parse(await run(calls[1]))).toMatchObject({
      mint,
      _meta: { billing: { charged: true, credits: 2, balance_credits: 19_998 } },
    });
    // The first screen of MINT was committed to the track record before its answer.
    const logged = JSON.parse(await run(calls[2]));
    expect(logged.entries).toEqual([expect.objectContaining({ mint, published_by: 'screen' })]);
    expect(JSON.parse(await run(calls[3]))._meta.billing).toMatchObject({
      charged: true,
      credits: 60,
      balance_credits: 19_938,
    });
    const [printed, id] = (await run(`${calls[4]}; echo "$ID"`)).trim().split('\n');
    const queued = JSON.parse(printed);
    expect(queued).toMatchObject({ status: 'queued', _meta: { billing: { credits: 10_000 } } });
    expect(id).toBe(queued.analysis_id);
    let polled: { status: string; screen: { mint: string } | null } = { status: 'queued', screen: null };
    for (let i = 0; i < 300 && polled.status !== 'complete' && polled.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      polled = JSON.parse(await run(`ID=${id}; ${calls[5]}`));
    }
    expect(polled.status).toBe('complete');
    expect(polled.screen?.mint).toBe(/CURVE=(\S+)/.exec(values)![1]);
    expect(calls[6]).toContain('/v1/stream/migrations');
    const curve = /CURVE=(\S+)/.exec(values)![1];
    const analyzed = JSON.parse(await run(`curl -s $BASE/v1/track-record/${curve}`));
    expect(analyzed.entries).toEqual([expect.objectContaining({ mint: curve, published_by: 'analyze' })]);
    // The independent verifier passes against the running job (anchors come at shutdown here).
    const localnetRpc = /Localnet \(LiteSVM, development only\): RPC (\S+),/.exec(text)![1];
    const report = await verifyTrackRecord({ base, rpcUrl: localnetRpc });
    expect(report.problems).toEqual([]);
    expect(report.entries).toBeGreaterThanOrEqual(2);

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(lines.some((l) => l.includes('"msg":"stopped"'))).toBe(true);
    // The head was anchored at shutdown: the anchor's memo names the last entry's hash.
    const ledgerDb = new Database(join(dir, 'var', 'ledger.sqlite'), { readonly: true });
    const head = ledgerDb.prepare('SELECT seq, hash FROM prediction_log ORDER BY seq DESC LIMIT 1').get() as {
      seq: number;
      hash: string;
    };
    const anchors = ledgerDb.prepare('SELECT seq, head_hash, memo FROM track_record_anchors').all();
    ledgerDb.close();
    expect(anchors.at(-1)).toEqual({
      seq: head.seq,
      head_hash: head.hash,
      memo: `launchlens track-record seq=${head.seq} head=${head.hash}`,
    });
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}, 120_000);
