import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { rowsInMainFile } from './rows-in-main-file.js';
import { openSqliteLedger } from './sqlite-ledger.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

test('the ledger checkpoints its WAL from a worker while open, so debits reach the database file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'wal-checkpointer-'));
  dirs.push(dir);
  const path = join(dir, 'ledger.sqlite');
  const ledger = openSqliteLedger(path);
  const { record } = await ledger.createKey({ credits: 1000, at: 1 });
  const debits = Array.from({ length: 50 }, (_, i) =>
    ledger.debit({ keyId: record.id, credits: 2, route: 'screen', requestId: `r${i}`, at: 2 }),
  );
  expect((await Promise.all(debits)).every((d) => d.kind === 'debited')).toBe(true);
  // Far below SQLite's automatic threshold (1,000 frames): only the worker moves these pages.
  let inFile = rowsInMainFile(path, 'charges');
  for (let waited = 0; inFile !== 50 && waited < 5000; waited += 50) {
    await new Promise((r) => setTimeout(r, 50));
    inFile = rowsInMainFile(path, 'charges');
  }
  expect(inFile).toBe(50);
  await ledger.close();
  const reopened = openSqliteLedger(path);
  expect((await reopened.findKeyById(record.id))?.credits).toBe(900);
  expect(await reopened.charges(record.id)).toHaveLength(50);
  await reopened.close();
});

test('a script whose last work is closing the ledger exits normally once the close settles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wal-checkpointer-'));
  dirs.push(dir);
  const script = join(dir, 'close-last.mjs');
  const ledgerModule = new URL('./sqlite-ledger.ts', import.meta.url).href;
  writeFileSync(
    script,
    `const { openSqliteLedger } = await import(${JSON.stringify(ledgerModule)});
const ledger = openSqliteLedger(${JSON.stringify(join(dir, 'ledger.sqlite'))});
await ledger.createKey({ credits: 10, at: 1 });
await ledger.close();
console.log('closed');`,
  );
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 20_000 });
  expect(run.stdout.trim()).toBe('closed');
  expect(run.status).toBe(0);
});
