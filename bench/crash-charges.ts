/**
 * Issue 19 acceptance: `kill -9` of a server under load, K times (default 10). 16 clients call
 * paid routes with one funded key; a call counts as delivered when its full 200 body arrived.
 * After the last kill the server starts once more (voiding what the crash left), then the ledger
 * is read: charges whose request id was never delivered, and grants − posted charges = balance.
 * Usage: `tsx bench/crash-charges.ts [K]`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { openSqliteLedger } from '@launchlens/server';

const KILLS = Number(process.argv[2] ?? 10);
const CLIENTS = 16;
const PORT = 18_000 + Math.floor(Math.random() * 1000);
const FUNDS = 1_000_000_000;
const ledgerPath = join(mkdtempSync(join(tmpdir(), 'crash-ledger-')), 'ledger.sqlite');
const setup = openSqliteLedger(ledgerPath);
const key = await setup.createKey({ credits: FUNDS, at: Date.now() });
await setup.close();

const start = async (): Promise<{ child: ChildProcess; mint: string }> => {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(new URL('./support/crash-child.ts', import.meta.url)),
      ledgerPath,
      String(PORT),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (l) => l.startsWith('ready') && resolve(l));
    child.once('exit', (code) => reject(new Error(`crash child exited with ${code}`)));
  });
  return { child, mint: line.split(' ')[1] };
};

const delivered = new Set<string>();
let sent = 0;
let inFlightAtKills = 0;
let inFlight = 0;
let running = true;
const loop = async (mint: string, i: number) => {
  const paths = [`/v1/screen/${mint}`, `/v1/identity/${mint}`, `/v1/inspect/${mint}`, '/v1/kols?days=90'];
  let n = i;
  while (running) {
    inFlight++;
    sent++;
    try {
      const r = await fetch(`http://127.0.0.1:${PORT}${paths[n++ % paths.length]}`, {
        headers: { 'x-api-key': key.secret },
      });
      const body = await r.json();
      if (r.status === 200 && body._meta?.billing?.charged) delivered.add(body._meta.request_id);
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    } finally {
      inFlight--;
    }
  }
};

let server = await start();
for (let k = 0; k < KILLS; k++) {
  running = true;
  const clients = Array.from({ length: CLIENTS }, (_, i) => loop(server.mint, i));
  await new Promise((r) => setTimeout(r, 3000 + Math.random() * 2000));
  inFlightAtKills += inFlight;
  server.child.kill('SIGKILL');
  running = false;
  await Promise.all(clients);
  server = await start();
}
server.child.kill('SIGTERM');
await new Promise((r) => server.child.once('exit', r));

const ledger = openSqliteLedger(ledgerPath);
const record = (await ledger.findKeyById(key.record.id))!;
const charges = await ledger.charges(key.record.id);
const undelivered = charges.filter((c) => !delivered.has(c.request_id)).length;
const posted = charges.reduce((s, c) => s + c.credits, 0);
await ledger.close();
console.log(
  JSON.stringify({
    kills: KILLS,
    calls_sent: sent,
    delivered_charged: delivered.size,
    charges: charges.length,
    charged_not_delivered: undelivered,
    in_flight_at_kills: inFlightAtKills,
    share_of_in_flight: inFlightAtKills === 0 ? 0 : Math.round((undelivered / inFlightAtKills) * 1000) / 1000,
    invariant_holds: record.credits === FUNDS - posted,
    held_after_restart: record.held,
  }),
);
