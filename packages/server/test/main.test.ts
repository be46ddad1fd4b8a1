import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildSimDataset, defaultEnd, defaultKnownWalletsPath } from '@launchlens/indexer';
import { afterAll, beforeAll, expect, test } from 'vitest';

const run = promisify(execFile);
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

test('the main job prints a base URL, a funded demo key, the example mint and three curl lines that work as printed; SIGTERM stops it cleanly', async () => {
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
    expect(text).toMatch(/Demo API key \(development only, 10000 credits\): ll_live_/);
    const curls = lines.filter((l) => l.trim().startsWith('curl '));
    expect(curls).toHaveLength(3);
    const outputs = [];
    for (const line of curls) outputs.push(JSON.parse((await run('sh', ['-c', line])).stdout));
    expect(outputs[0].example_mint).toBe(mint);
    expect(outputs[1]).toMatchObject({
      mint,
      _meta: { billing: { charged: true, credits: 2, balance_credits: 9998 } },
    });
    expect(outputs[2]._meta.billing).toMatchObject({ charged: true, credits: 60, balance_credits: 9938 });
    expect(curls[0]).toBe(`  curl -s ${base}/v1/coverage`);

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(lines.some((l) => l.includes('"msg":"stopped"'))).toBe(true);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}, 120_000);
