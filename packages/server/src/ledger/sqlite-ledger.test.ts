import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { hashApiKey } from './api-key.js';
import type { Ledger } from './ledger.js';
import { KEY_CACHE_MS, openSqliteLedger } from './sqlite-ledger.js';

let dir: string;
let path: string;
let ledger: Ledger;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ledger-'));
  path = join(dir, 'var', 'ledger.sqlite');
  ledger = openSqliteLedger(path);
});
afterEach(async () => {
  await ledger.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('sqlite ledger', () => {
  test('stores keys only as SHA-256 hashes, in WAL mode', async () => {
    const { secret, record } = await ledger.createKey({ credits: 5, at: 1 });
    await ledger.close();
    const db = new Database(path, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const row = db.prepare('SELECT hash FROM keys WHERE id = ?').get(record.id) as { hash: Buffer };
    expect(row.hash.equals(hashApiKey(secret))).toBe(true);
    db.close();
    for (const file of ['ledger.sqlite', 'ledger.sqlite-wal']) {
      try {
        expect(readFileSync(join(dir, 'var', file)).includes(Buffer.from(secret))).toBe(false);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
    }
    ledger = openSqliteLedger(path);
    expect((await ledger.findKey(secret))?.credits).toBe(5);
  });

  test('finds a key by its secret and refuses others', async () => {
    const { secret, record } = await ledger.createKey({ at: 1 });
    expect((await ledger.findKey(secret))?.id).toBe(record.id);
    expect(await ledger.findKey(`${secret.slice(0, -1)}x`)).toBeNull();
    expect(await ledger.findKey('not a key')).toBeNull();
  });

  test('rotation moves balance, plan and owner and kills the old secret', async () => {
    const { secret, record } = await ledger.createKey({ credits: 40, owner: 'ops', plan: 'starter', at: 1 });
    const next = await ledger.rotateKey(secret, 2);
    expect(next?.record).toMatchObject({
      id: record.id,
      credits: 40,
      owner: 'ops',
      plan: 'starter',
      rotated_at: 2,
    });
    expect(await ledger.findKey(secret)).toBeNull();
    expect((await ledger.findKey(next!.secret))?.id).toBe(record.id);
    expect(await ledger.rotateKey(secret, 3)).toBeNull();
  });

  test('a debit takes credits and records the charge only when the balance covers it', async () => {
    const { record } = await ledger.createKey({ credits: 10, at: 1 });
    const ok = await ledger.debit({ keyId: record.id, credits: 6, route: 'screen', requestId: 'r1', at: 2 });
    expect(ok).toMatchObject({ kind: 'debited', balance: 4 });
    const short = await ledger.debit({
      keyId: record.id,
      credits: 6,
      route: 'screen',
      requestId: 'r2',
      at: 3,
    });
    expect(short).toEqual({ kind: 'insufficient', balance: 4 });
    expect(await ledger.charges(record.id)).toEqual([
      { id: expect.any(Number), key_id: record.id, route: 'screen', credits: 6, request_id: 'r1', at: 2 },
    ]);
    expect(
      await ledger.debit({ keyId: 'key_nope', credits: 1, route: 'screen', requestId: 'r3', at: 4 }),
    ).toEqual({
      kind: 'unknown_key',
    });
  });

  test('debits queued in one turn are committed together, each guarded on its own', async () => {
    const a = await ledger.createKey({ credits: 5, at: 1 });
    const results = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        ledger.debit({ keyId: a.record.id, credits: 1, route: 'screen', requestId: `r${i}`, at: 2 }),
      ),
      ledger.debit({ keyId: 'key_gone', credits: 1, route: 'screen', requestId: 'x', at: 2 }),
    ]);
    expect(results.map((r) => r.kind)).toEqual([
      ...Array(5).fill('debited'),
      ...Array(3).fill('insufficient'),
      'unknown_key',
    ]);
    expect(results.slice(0, 5).map((r) => (r.kind === 'debited' ? r.balance : -1))).toEqual([4, 3, 2, 1, 0]);
    expect(await ledger.charges(a.record.id)).toHaveLength(5);
  });

  test('closing the ledger commits debits still queued', async () => {
    const { record } = await ledger.createKey({ credits: 3, at: 1 });
    const pending = ledger.debit({ keyId: record.id, credits: 2, route: 'screen', requestId: 'r', at: 2 });
    await ledger.close();
    expect(await pending).toMatchObject({ kind: 'debited', balance: 1 });
    ledger = openSqliteLedger(path);
    expect((await ledger.findKeyById(record.id))?.credits).toBe(1);
  });

  test('grants add credits; a negative or fractional amount is refused', async () => {
    const { record } = await ledger.createKey({ at: 1 });
    expect((await ledger.grant(record.id, 250, 'test', 2))?.credits).toBe(250);
    await expect(ledger.grant(record.id, -1, 'test', 3)).rejects.toThrow(/whole number/);
    await expect(ledger.grant(record.id, 1.5, 'test', 3)).rejects.toThrow(/whole number/);
    expect(await ledger.grant('key_missing', 5, 'test', 3)).toBeNull();
  });

  test('two ledgers on one file never overdraw a key', async () => {
    const { record } = await ledger.createKey({ credits: 3, at: 1 });
    const other = openSqliteLedger(path);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? other : ledger).debit({
          keyId: record.id,
          credits: 1,
          route: 'screen',
          requestId: `r${i}`,
          at: 2,
        }),
      ),
    );
    await other.close();
    expect(results.filter((r) => r.kind === 'debited')).toHaveLength(3);
    expect((await ledger.findKeyById(record.id))?.credits).toBe(0);
  });
});

describe('the key cache', () => {
  test('a rotated key is refused at once even right after a cached lookup', async () => {
    const { secret } = await ledger.createKey({ credits: 9, at: 1 });
    expect(await ledger.findKey(secret)).not.toBeNull();
    const next = await ledger.rotateKey(secret, 2);
    expect(await ledger.findKey(secret)).toBeNull();
    expect((await ledger.findKey(next!.secret))?.credits).toBe(9);
  });

  test('a cached key shows the balance left by debits and grants of this process', async () => {
    const { secret, record } = await ledger.createKey({ credits: 10, at: 1 });
    await ledger.findKey(secret);
    await ledger.debit({ keyId: record.id, credits: 4, route: 'screen', requestId: 'r', at: 2 });
    expect((await ledger.findKey(secret))?.credits).toBe(6);
    await ledger.grant(record.id, 5, 'test', 3);
    expect((await ledger.findKey(secret))?.credits).toBe(11);
  });

  test('a grant by another process is seen once the cache entry is older than KEY_CACHE_MS', async () => {
    const { secret, record } = await ledger.createKey({ credits: 1, at: 1 });
    await ledger.findKey(secret);
    const other = openSqliteLedger(path);
    await other.grant(record.id, 100, 'cli', 2);
    await other.close();
    await new Promise((r) => setTimeout(r, KEY_CACHE_MS + 50));
    expect((await ledger.findKey(secret))?.credits).toBe(101);
  });
});
