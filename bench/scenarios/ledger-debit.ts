/**
 * Debits per second of the embedded ledger on a file (WAL, synchronous = NORMAL): (a) the server's
 * ledger (`openSqliteLedger`, better-sqlite3, group commit per event-loop turn) with 50 debits in
 * flight over 2,000 keys; then the same two statements (guarded `UPDATE … RETURNING` + charge
 * `INSERT`) in transactions of 50, raw, on (b) better-sqlite3 and (c) the built-in `node:sqlite`
 * (Node ≥ 22.5; skipped before). Median of 3 rounds of 60,000 debits each.
 * Run: `pnpm tsx bench/scenarios/ledger-debit.ts`.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteLedger } from '@launchlens/server';
import { median, report } from '../scenario-result.js';

// better-sqlite3 is the server's dependency: load the copy the server runs.
const serverRequire = createRequire(new URL('../../packages/server/package.json', import.meta.url));
interface BetterStatement {
  get(...params: unknown[]): unknown;
  run(...params: unknown[]): unknown;
}
const Database = serverRequire('better-sqlite3') as new (
  path: string,
) => {
  pragma(source: string): unknown;
  exec(source: string): unknown;
  prepare(source: string): BetterStatement;
  close(): unknown;
};

const KEYS = 2_000;
const DEBITS = 60_000;
const IN_FLIGHT = 50;
const ROUNDS = 3;

const SCHEMA = `
CREATE TABLE keys (id TEXT PRIMARY KEY, credits INTEGER NOT NULL CHECK (credits >= 0));
CREATE TABLE charges (id INTEGER PRIMARY KEY, key_id TEXT NOT NULL REFERENCES keys(id),
  route TEXT NOT NULL, credits INTEGER NOT NULL, request_id TEXT NOT NULL, at INTEGER NOT NULL);
CREATE INDEX charges_key ON charges(key_id, id);`;
const TAKE = 'UPDATE keys SET credits = credits - ? WHERE id = ? AND credits >= ? RETURNING credits';
const CHARGE = 'INSERT INTO charges (key_id, route, credits, request_id, at) VALUES (?, ?, ?, ?, ?)';
const PRAGMAS = ['journal_mode = WAL', 'synchronous = NORMAL', 'foreign_keys = ON'];

function freshDir(): string {
  return mkdtempSync(join(tmpdir(), 'ledger-debit-'));
}

async function serverLedgerRound(): Promise<number> {
  const dir = freshDir();
  const ledger = openSqliteLedger(join(dir, 'ledger.sqlite'));
  const ids: string[] = [];
  for (let i = 0; i < KEYS; i++) {
    ids.push((await ledger.createKey({ credits: 1_000_000, owner: null, plan: null, at: 0 })).record.id);
  }
  const started = performance.now();
  for (let n = 0; n < DEBITS; n += IN_FLIGHT) {
    const batch: Promise<unknown>[] = [];
    for (let j = 0; j < IN_FLIGHT; j++) {
      batch.push(
        ledger.debit({
          keyId: ids[(n + j) % KEYS],
          credits: 2,
          route: 'screen',
          requestId: `r${n + j}`,
          at: n,
        }),
      );
    }
    await Promise.all(batch);
  }
  const seconds = (performance.now() - started) / 1000;
  await ledger.close();
  rmSync(dir, { recursive: true, force: true });
  return DEBITS / seconds;
}

interface RawDb {
  exec(sql: string): void;
  take(credits: number, id: string): unknown;
  charge(id: string, credits: number, requestId: string, at: number): void;
  close(): void;
}

function betterSqlite(path: string): RawDb {
  const db = new Database(path);
  for (const p of PRAGMAS) db.pragma(p);
  db.exec(SCHEMA);
  const take = db.prepare(TAKE);
  const charge = db.prepare(CHARGE);
  return {
    exec: (sql) => void db.exec(sql),
    take: (credits, id) => take.get(credits, id, credits),
    charge: (id, credits, requestId, at) => void charge.run(id, 'screen', credits, requestId, at),
    close: () => void db.close(),
  };
}

function nodeSqlite(path: string): RawDb | null {
  let mod: typeof import('node:sqlite');
  try {
    mod = createRequire(import.meta.url)('node:sqlite') as typeof import('node:sqlite');
  } catch {
    return null;
  }
  const db = new mod.DatabaseSync(path);
  for (const p of PRAGMAS) db.exec(`PRAGMA ${p}`);
  db.exec(SCHEMA);
  const take = db.prepare(TAKE);
  const charge = db.prepare(CHARGE);
  return {
    exec: (sql) => db.exec(sql),
    take: (credits, id) => take.get(credits, id, credits),
    charge: (id, credits, requestId, at) => void charge.run(id, 'screen', credits, requestId, at),
    close: () => db.close(),
  };
}

function rawRound(open: (path: string) => RawDb | null): number | null {
  const dir = freshDir();
  const db = open(join(dir, 'ledger.sqlite'));
  if (!db) return null;
  db.exec('BEGIN');
  for (let i = 0; i < KEYS; i++) db.exec(`INSERT INTO keys VALUES ('k${i}', 1000000)`);
  db.exec('COMMIT');
  const started = performance.now();
  for (let n = 0; n < DEBITS; n += IN_FLIGHT) {
    db.exec('BEGIN IMMEDIATE');
    for (let j = 0; j < IN_FLIGHT; j++) {
      const id = `k${(n + j) % KEYS}`;
      if (db.take(2, id) !== undefined) db.charge(id, 2, `r${n + j}`, n);
    }
    db.exec('COMMIT');
  }
  const seconds = (performance.now() - started) / 1000;
  db.close();
  rmSync(dir, { recursive: true, force: true });
  return DEBITS / seconds;
}

const betterSqliteVersion = (serverRequire('better-sqlite3/package.json') as { version: string }).version;
const server: number[] = [];
const rawBetter: number[] = [];
const rawNode: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  server.push(await serverLedgerRound());
  rawBetter.push(rawRound(betterSqlite)!);
  const n = rawRound(nodeSqlite);
  if (n !== null) rawNode.push(n);
}
const fmt = (xs: readonly number[]) => xs.map((x) => Math.round(x)).join('/');
report({
  name: 'ledger-debit',
  metric: `server ledger debits/s on file (better-sqlite3 ${betterSqliteVersion}, ${IN_FLIGHT} in flight)`,
  unit: 'debits/s',
  value: median(server),
  target: '≥ 25,000 debits/s',
  runs: server,
  notes: `Node ${process.version}; rounds ${fmt(server)}; raw 2 statements in transactions of ${IN_FLIGHT}: better-sqlite3 ${Math.round(median(rawBetter))}/s (${fmt(rawBetter)}), node:sqlite ${rawNode.length ? `${Math.round(median(rawNode))}/s (${fmt(rawNode)})` : 'not available'}; ${KEYS} keys, ${DEBITS} debits a round`,
});
