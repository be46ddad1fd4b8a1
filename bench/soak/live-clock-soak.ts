/**
 * Issue 20's acceptance, as a newcomer meets it: the main job with the sim feed (development) runs
 * `SOAK_MIN` minutes (default 10) on `DATASET_DIR` (default `datasets/default`) with a fresh
 * ledger; a client follows /v1/stream/migrations with the development key from the banner and,
 * every 20 s, reads coverage, the newest migration's screen, discover and sample. Every ISO time
 * in a response or stream event is checked against the wall clock (+2 s), and `staleness_s`
 * against now − `as_of`. Prints one JSON summary. Not part of `pnpm bench` (it runs 10 minutes).
 * Run: `pnpm tsx bench/soak/live-clock-soak.ts`.
 */

import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const MINUTES = Number(process.env.SOAK_MIN ?? 10);
const started = Date.now();
const main = new URL('../../packages/server/src/main.ts', import.meta.url).pathname;
const ledger = join(mkdtempSync(join(tmpdir(), 'live-clock-soak-')), 'var', 'ledger.sqlite');
const child = spawn(process.execPath, ['--import', 'tsx', '--expose-gc', main], {
  env: { ...process.env, LEDGER_PATH: ledger, PORT: '0', NODE_ENV: 'development', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const lines: string[] = [];
await new Promise<void>((resolve) => {
  createInterface({ input: child.stdout! }).on('line', (l) => {
    lines.push(l);
    if (l.startsWith('Stop with')) resolve();
  });
});
const text = lines.join('\n');
const key = /KEY=(\S+)/.exec(text)![1];
const base = /BASE=(\S+)/.exec(text)![1];
const bannerAt = Date.now();
console.log(`banner after ${((bannerAt - started) / 1000).toFixed(0)} s`);
const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
let checked = 0;
const late: string[] = [];
const walk = (v: unknown, where: string, now: number) => {
  if (typeof v === 'string' && iso.test(v)) {
    checked++;
    if (Date.parse(v) > now + 2000) late.push(`${where}=${v} (now ${new Date(now).toISOString()})`);
  } else if (Array.isArray(v)) {
    for (const [i, x] of v.entries()) walk(x, `${where}[${i}]`, now);
  } else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) walk(x, `${where}.${k}`, now);
};
const migrations: { at: number; mint: string }[] = [];
const ctrl = new AbortController();
(async () => {
  const res = await fetch(`${base}/v1/stream/migrations`, {
    headers: { 'X-API-Key': key },
    signal: ctrl.signal,
  });
  const dec = new TextDecoder();
  let buf = '';
  for await (const chunk of res.body!) {
    buf += dec.decode(chunk as Uint8Array, { stream: true });
    for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
      const ev = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const data = ev
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5))
        .join('');
      if (ev.includes('event: migration') && data) {
        const d = JSON.parse(data);
        walk(d, 'stream.migration', Date.now());
        migrations.push({ at: Date.now(), mint: d.mint });
      }
    }
  }
})().catch(() => {});
const staleness: string[] = [];
const end = bannerAt + MINUTES * 60_000;
let rounds = 0;
while (Date.now() < end) {
  await new Promise((r) => setTimeout(r, 20_000));
  rounds++;
  const now0 = Date.now();
  const cov = await (await fetch(`${base}/v1/coverage`)).json();
  walk(cov, 'coverage', Date.now());
  const mint = migrations.at(-1)?.mint ?? cov.example_mint;
  for (const path of [`/v1/screen/${mint}`, `/v1/discover?hours=2&limit=5`, `/v1/sample`]) {
    const r = await (await fetch(`${base}${path}`, { headers: { 'X-API-Key': key } })).json();
    const now = Date.now();
    walk(r, path, now);
    const m = r._meta ?? r.screen?._meta;
    if (m?.as_of) {
      const expected = Math.round((now - Date.parse(m.as_of)) / 1000);
      if (Math.abs(m.staleness_s - expected) > 2)
        staleness.push(`${path}: staleness_s ${m.staleness_s} vs now−as_of ${expected}`);
    }
  }
  console.log(
    `${((Date.now() - bannerAt) / 60000).toFixed(1)} min: ${migrations.length} migrations, ${checked} timestamps checked, ${late.length} late, ${staleness.length} staleness mismatches, current_through ${cov.current_through} vs now ${new Date(now0).toISOString()}`,
  );
}
ctrl.abort();
const firstMinute = migrations.filter((m) => m.at - bannerAt <= 60_000).length;
console.log(
  JSON.stringify({
    minutes: MINUTES,
    migrations: migrations.length,
    first_minute: firstMinute,
    first_after_s: migrations[0] ? (migrations[0].at - bannerAt) / 1000 : null,
    timestamps_checked: checked,
    late: late.slice(0, 5),
    late_n: late.length,
    staleness: staleness.slice(0, 5),
    staleness_n: staleness.length,
    rounds,
  }),
);
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
