import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import { freshPostgresSchema } from '../../test/scale/support/fresh-postgres-schema.js';
import {
  LEDGER_IMPLEMENTATIONS,
  openLedgerPerTest,
} from '../../test/scale/support/ledger-implementations.js';
import { hashApiKey } from './api-key.js';
import type { Ledger } from './ledger.js';
import { openPostgresLedger } from './postgres-ledger.js';
import { KEY_CACHE_MAX, openSqliteLedger } from './sqlite-ledger.js';

describe.each(LEDGER_IMPLEMENTATIONS)('the $name ledger', (impl) => {
  const t = openLedgerPerTest(impl);

  test('stores keys only as SHA-256 hashes and finds them again after a reopen', async () => {
    const { secret, record } = await t.ledger.createKey({ credits: 5, at: 1 });
    expect((await t.store.storedHash(record.id)).equals(hashApiKey(secret))).toBe(true);
    await t.ledger.close();
    t.ledger = await t.store.open();
    expect((await t.ledger.findKey(secret))?.credits).toBe(5);
  });

  test('finds a key by its secret and refuses others', async () => {
    const { secret, record } = await t.ledger.createKey({ at: 1 });
    expect((await t.ledger.findKey(secret))?.id).toBe(record.id);
    expect(await t.ledger.findKey(`${secret.slice(0, -1)}x`)).toBeNull();
    expect(await t.ledger.findKey('not a key')).toBeNull();
  });

  test('a key found with its precomputed hash is the same key, and a rotated one is refused', async () => {
    const { secret, record } = await t.ledger.createKey({ credits: 3, at: 1 });
    expect(await t.ledger.findKey(secret, hashApiKey(secret))).toEqual(await t.ledger.findKey(secret));
    expect((await t.ledger.findKey(secret, hashApiKey(secret)))?.id).toBe(record.id);
    expect(await t.ledger.findKey('not a key', hashApiKey(secret))).toBeNull();
    await t.ledger.rotateKey(secret, 2);
    expect(await t.ledger.findKey(secret, hashApiKey(secret))).toBeNull();
  });

  test('rotation moves balance, plan and owner and kills the old secret', async () => {
    const { secret, record } = await t.ledger.createKey({
      credits: 40,
      owner: 'ops',
      plan: 'starter',
      at: 1,
    });
    const next = await t.ledger.rotateKey(secret, 2);
    expect(next?.record).toMatchObject({
      id: record.id,
      credits: 40,
      owner: 'ops',
      plan: 'starter',
      rotated_at: 2,
    });
    expect(await t.ledger.findKey(secret)).toBeNull();
    expect((await t.ledger.findKey(next!.secret))?.id).toBe(record.id);
    expect(await t.ledger.rotateKey(secret, 3)).toBeNull();
  });

  test('a debit takes credits and records the charge only when the balance covers it', async () => {
    const { record } = await t.ledger.createKey({ credits: 10, at: 1 });
    const ok = await t.ledger.debit({
      keyId: record.id,
      credits: 6,
      route: 'screen',
      requestId: 'r1',
      at: 2,
    });
    expect(ok).toMatchObject({ kind: 'debited', balance: 4 });
    const short = await t.ledger.debit({
      keyId: record.id,
      credits: 6,
      route: 'screen',
      requestId: 'r2',
      at: 3,
    });
    expect(short).toEqual({ kind: 'insufficient', balance: 4 });
    expect(await t.ledger.charges(record.id)).toEqual([
      { id: expect.any(Number), key_id: record.id, route: 'screen', credits: 6, request_id: 'r1', at: 2 },
    ]);
    expect(
      await t.ledger.debit({ keyId: 'key_nope', credits: 1, route: 'screen', requestId: 'r3', at: 4 }),
    ).toEqual({ kind: 'unknown_key' });
  });

  test('debits issued together are each guarded on their own', async () => {
    const a = await t.ledger.createKey({ credits: 5, at: 1 });
    const results = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        t.ledger.debit({ keyId: a.record.id, credits: 1, route: 'screen', requestId: `r${i}`, at: 2 }),
      ),
      t.ledger.debit({ keyId: 'key_gone', credits: 1, route: 'screen', requestId: 'x', at: 2 }),
    ]);
    const kinds = results.map((r) => r.kind);
    expect(kinds.filter((k) => k === 'debited')).toHaveLength(5);
    expect(kinds.filter((k) => k === 'insufficient')).toHaveLength(3);
    expect(kinds[8]).toBe('unknown_key');
    const balances = results.flatMap((r) => (r.kind === 'debited' ? [r.balance] : []));
    expect(balances.sort()).toEqual([0, 1, 2, 3, 4]);
    expect(await t.ledger.charges(a.record.id)).toHaveLength(5);
  });

  test('200 parallel debits on a balance that covers 100 → exactly 100 succeed and it ends at 0', async () => {
    const { record } = await t.ledger.createKey({ credits: 200, at: 1 });
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.ledger.debit({ keyId: record.id, credits: 2, route: 'screen', requestId: `r${i}`, at: 2 }),
      ),
    );
    expect(results.filter((r) => r.kind === 'debited')).toHaveLength(100);
    expect(results.filter((r) => r.kind === 'insufficient')).toHaveLength(100);
    expect((await t.ledger.findKeyById(record.id))?.credits).toBe(0);
    expect(await t.ledger.charges(record.id)).toHaveLength(100);
  });

  test('a debit made once per idempotency key charges once, however often and wherever it is repeated', async () => {
    const { record } = await t.ledger.createKey({ credits: 10, at: 1 });
    const other = await t.store.open();
    const once = (l: Ledger, idempotencyKey: string, i: number) =>
      l.debitOnce({
        keyId: record.id,
        credits: 2,
        route: 'stream_kols',
        requestId: `r${i}`,
        at: 2,
        idempotencyKey,
      });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => once(i % 2 ? other : t.ledger, 'e1', i)),
    );
    await other.close();
    const debited = results.filter((r) => r.kind === 'debited');
    expect(debited).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'duplicate')).toHaveLength(19);
    const chargeId = debited[0].kind === 'debited' ? debited[0].chargeId : -1;
    expect(
      results.every((r) => (r.kind === 'debited' || r.kind === 'duplicate') && r.chargeId === chargeId),
    ).toBe(true);
    expect((await t.ledger.findKeyById(record.id))?.credits).toBe(8);
    expect(await once(t.ledger, 'e2', 0)).toMatchObject({ kind: 'debited', balance: 6 });
    expect(await t.ledger.charges(record.id)).toHaveLength(2);
  });

  test('a debit made once is refused without credits and for an unknown key, and can be retried once funded', async () => {
    const { record } = await t.ledger.createKey({ credits: 1, at: 1 });
    const req = {
      keyId: record.id,
      credits: 2,
      route: 'stream_kols',
      requestId: 'r',
      at: 2,
      idempotencyKey: 'e',
    };
    expect(await t.ledger.debitOnce(req)).toEqual({ kind: 'insufficient', balance: 1 });
    expect(await t.ledger.debitOnce({ ...req, keyId: 'key_none' })).toEqual({ kind: 'unknown_key' });
    await t.ledger.grant(record.id, 1, 'test', 3);
    expect(await t.ledger.debitOnce(req)).toMatchObject({ kind: 'debited', balance: 0 });
  });

  test('closing the ledger commits debits still pending', async () => {
    const { record } = await t.ledger.createKey({ credits: 3, at: 1 });
    const pending = t.ledger.debit({ keyId: record.id, credits: 2, route: 'screen', requestId: 'r', at: 2 });
    await t.ledger.close();
    expect(await pending).toMatchObject({ kind: 'debited', balance: 1 });
    t.ledger = await t.store.open();
    expect((await t.ledger.findKeyById(record.id))?.credits).toBe(1);
  });

  test('grants add credits; a negative or fractional amount is refused', async () => {
    const { record } = await t.ledger.createKey({ at: 1 });
    expect((await t.ledger.grant(record.id, 250, 'test', 2))?.credits).toBe(250);
    await expect(t.ledger.grant(record.id, -1, 'test', 3)).rejects.toThrow(/whole number/);
    await expect(t.ledger.grant(record.id, 1.5, 'test', 3)).rejects.toThrow(/whole number/);
    expect(await t.ledger.grant('key_missing', 5, 'test', 3)).toBeNull();
  });

  test('lists keys in creation order without secrets', async () => {
    const a = await t.ledger.createKey({ credits: 1, owner: 'a', at: 1 });
    const b = await t.ledger.createKey({ credits: 2, owner: 'b', at: 2 });
    const keys = await t.ledger.listKeys();
    expect(keys.map((k) => [k.id, k.credits, k.owner])).toEqual([
      [a.record.id, 1, 'a'],
      [b.record.id, 2, 'b'],
    ]);
    expect(JSON.stringify(keys)).not.toContain(a.secret);
  });

  test('two ledgers on one store never overdraw a key', async () => {
    const { record } = await t.ledger.createKey({ credits: 3, at: 1 });
    const other = await t.store.open();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? other : t.ledger).debit({
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
    expect((await t.ledger.findKeyById(record.id))?.credits).toBe(0);
  });

  test('a key rotated through one ledger is refused by the other at once', async () => {
    const { secret } = await t.ledger.createKey({ credits: 9, at: 1 });
    const other = await t.store.open();
    expect(await other.findKey(secret)).not.toBeNull();
    const next = await t.ledger.rotateKey(secret, 2);
    const seenByOther = await other.findKey(secret);
    const nextByOther = await other.findKey(next!.secret);
    await other.close();
    // The SQLite ledger's key cache may serve the old secret for KEY_CACHE_MS in another process.
    if (impl.keyCacheMs === 0) expect(seenByOther).toBeNull();
    expect(nextByOther?.credits).toBe(9);
  });

  test('a cached key shows the balance left by debits and grants of this process', async () => {
    const { secret, record } = await t.ledger.createKey({ credits: 10, at: 1 });
    await t.ledger.findKey(secret);
    await t.ledger.debit({ keyId: record.id, credits: 4, route: 'screen', requestId: 'r', at: 2 });
    expect((await t.ledger.findKey(secret))?.credits).toBe(6);
    await t.ledger.grant(record.id, 5, 'test', 3);
    expect((await t.ledger.findKey(secret))?.credits).toBe(11);
  });

  test('a grant through another ledger is seen once any cached entry is older than the key cache', async () => {
    const { secret, record } = await t.ledger.createKey({ credits: 1, at: 1 });
    await t.ledger.findKey(secret);
    const other = await t.store.open();
    await other.grant(record.id, 100, 'cli', 2);
    await other.close();
    if (impl.keyCacheMs > 0) await new Promise((r) => setTimeout(r, impl.keyCacheMs + 50));
    expect((await t.ledger.findKey(secret))?.credits).toBe(101);
  });
});

test('a rotated key is refused at once after its cache filled up and forgot other keys', async () => {
  const ledger = openSqliteLedger(':memory:');
  const a = await ledger.createKey({ credits: 10, at: 1 });
  await ledger.findKey(a.secret);
  for (let i = 0; i < KEY_CACHE_MAX; i++) {
    const other = await ledger.createKey({ at: 1 });
    await ledger.findKey(other.secret);
    await ledger.findKey(a.secret);
  }
  const next = await ledger.rotateKey(a.secret, 2);
  expect(next?.record.id).toBe(a.record.id);
  expect(await ledger.findKey(a.secret)).toBeNull();
  expect((await ledger.findKey(next!.secret))?.id).toBe(a.record.id);
  await ledger.close();
});

describe('the sqlite ledger file', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('is in WAL mode and holds no secret in the database or its log', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ledger-'));
    const path = join(dir, 'var', 'ledger.sqlite');
    const ledger = openSqliteLedger(path);
    const { secret } = await ledger.createKey({ credits: 5, at: 1 });
    await ledger.close();
    const db = new Database(path, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    for (const file of ['ledger.sqlite', 'ledger.sqlite-wal']) {
      try {
        expect(readFileSync(join(dir, 'var', file)).includes(Buffer.from(secret))).toBe(false);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
    }
  });

  test('debits queued in one turn are committed together in issue order', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ledger-'));
    const ledger = openSqliteLedger(join(dir, 'ledger.sqlite'));
    const a = await ledger.createKey({ credits: 3, at: 1 });
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        ledger.debit({ keyId: a.record.id, credits: 1, route: 'screen', requestId: `r${i}`, at: 2 }),
      ),
    );
    await ledger.close();
    expect(results.map((r) => (r.kind === 'debited' ? r.balance : r.kind))).toEqual([
      2,
      1,
      0,
      'insufficient',
    ]);
  });

  test('a debit whose charge row cannot be written fails alone; the others of its turn commit', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ledger-'));
    const ledger = openSqliteLedger(join(dir, 'ledger.sqlite'));
    const { secret, record } = await ledger.createKey({ credits: 10, at: 1 });
    const debit = (requestId: string | null) =>
      ledger.debit({ keyId: record.id, credits: 2, route: 'screen', requestId: requestId as string, at: 2 });
    // A null request id breaks the charges table's NOT NULL after the balance was already taken.
    const results = await Promise.allSettled([debit('r0'), debit(null), debit('r2')]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'rejected'))).toEqual([
      { kind: 'debited', balance: 8, chargeId: 1 },
      'rejected',
      { kind: 'debited', balance: 6, chargeId: 2 },
    ]);
    expect((await ledger.findKey(secret))?.credits).toBe(6);
    expect((await ledger.charges(record.id)).map((c) => c.request_id)).toEqual(['r0', 'r2']);
    await ledger.close();
    const db = new Database(join(dir, 'ledger.sqlite'), { readonly: true });
    expect(db.prepare('SELECT credits FROM keys').get()).toEqual({ credits: 6 });
    db.close();
  });

  test('a paid call writes nothing until its post, and the posts of one turn update the key once', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ledger-'));
    const path = join(dir, 'ledger.sqlite');
    const ledger = openSqliteLedger(path);
    const { record } = await ledger.createKey({ credits: 100, at: 1 });
    const counter = new Database(path);
    counter.exec(`CREATE TABLE key_writes (n INTEGER);
      CREATE TRIGGER key_written AFTER UPDATE ON keys BEGIN INSERT INTO key_writes VALUES (1); END;`);
    const writes = () => counter.prepare('SELECT COUNT(*) FROM key_writes').pluck().get();
    const held = await Promise.all(
      [10, 20, 30].map((credits, i) =>
        ledger.reserve({ keyId: record.id, credits, route: 'screen', requestId: `r${i}`, at: 2 }),
      ),
    );
    expect(writes()).toBe(0);
    const posted = await Promise.all(
      held.map((h) => (h.kind === 'reserved' ? ledger.post(h.reservationId, 5, 3) : h)),
    );
    expect(posted.map((p) => (p.kind === 'posted' ? p.balance : p.kind))).toEqual([95, 90, 85]);
    expect(writes()).toBe(1);
    expect((await ledger.findKeyById(record.id))!).toMatchObject({ credits: 85, held: 0 });
    counter.close();
    await ledger.close();
  });
});

describe('the postgres ledger migrations', () => {
  test('replicas opening a fresh schema together apply each migration once, recorded in schema_migrations', async () => {
    const fresh = await freshPostgresSchema('migrate');
    try {
      const ledgers = await Promise.all(
        Array.from({ length: 3 }, () => openPostgresLedger({ connectionString: fresh.url })),
      );
      await Promise.all(ledgers.map((l) => l.close()));
      const c = new pg.Client({ connectionString: fresh.url });
      await c.connect();
      const { rows } = await c.query<{ version: string }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      const tables = await c.query<{ table_name: string }>(
        'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
        [fresh.schema],
      );
      await c.end();
      expect(rows.map((r) => r.version)).toContain('0001-keys-charges-grants');
      expect(new Set(rows.map((r) => r.version)).size).toBe(rows.length);
      expect(tables.rows.map((r) => r.table_name)).toEqual(
        expect.arrayContaining(['charges', 'grants', 'keys', 'schema_migrations']),
      );
    } finally {
      await fresh.drop();
    }
  });
});
