import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeEach } from 'vitest';
import type { Ledger } from '../../../src/ledger/ledger.js';
import { openPostgresLedger } from '../../../src/ledger/postgres-ledger.js';
import { KEY_CACHE_MS, openSqliteLedger } from '../../../src/ledger/sqlite-ledger.js';
import { freshPostgresSchema } from './fresh-postgres-schema.js';

/** One empty ledger store for one test: open as many ledgers on it as the test needs. */
export interface LedgerStore {
  open(): Promise<Ledger>;
  /** The stored hash of a key, read straight from the store. */
  storedHash(keyId: string): Promise<Buffer>;
  destroy(): Promise<void>;
}

export interface LedgerImplementation {
  readonly name: string;
  /** How long a lookup may serve a key another process changed (0: never). */
  readonly keyCacheMs: number;
  /** Whether a reservation is stored (shared by processes, left by a crash) or kept by its process. */
  readonly storedHolds: boolean;
  create(): Promise<LedgerStore>;
}

/** The two `Ledger` implementations the parameterised suite runs against, on real stores. */
export const LEDGER_IMPLEMENTATIONS: readonly LedgerImplementation[] = [
  {
    name: 'sqlite',
    keyCacheMs: KEY_CACHE_MS,
    storedHolds: false,
    async create() {
      const dir = mkdtempSync(join(tmpdir(), 'ledger-'));
      const path = join(dir, 'var', 'ledger.sqlite');
      return {
        open: async () => openSqliteLedger(path),
        async storedHash(keyId) {
          const db = new Database(path, { readonly: true });
          const row = db.prepare('SELECT hash FROM keys WHERE id = ?').get(keyId) as { hash: Buffer };
          db.close();
          return row.hash;
        },
        async destroy() {
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'postgres',
    keyCacheMs: 0,
    storedHolds: true,
    async create() {
      const fresh = await freshPostgresSchema('ledger');
      return {
        open: () => openPostgresLedger({ connectionString: fresh.url }),
        async storedHash(keyId) {
          const c = new pg.Client({ connectionString: fresh.url });
          await c.connect();
          const { rows } = await c.query<{ hash: Buffer }>('SELECT hash FROM keys WHERE id = $1', [keyId]);
          await c.end();
          return rows[0].hash;
        },
        destroy: () => fresh.drop(),
      };
    },
  },
];

/** The store and ledger of the running test; a test may close and reopen `ledger` on `store`. */
export interface LedgerUnderTest {
  store: LedgerStore;
  ledger: Ledger;
}

/** For each test of the calling suite, a fresh store of `impl` with a ledger open on it; closed and removed after. */
export function openLedgerPerTest(impl: LedgerImplementation): LedgerUnderTest {
  const t = {} as LedgerUnderTest;
  beforeEach(async () => {
    t.store = await impl.create();
    t.ledger = await t.store.open();
  });
  afterEach(async () => {
    await t.ledger.close();
    await t.store.destroy();
  });
  return t;
}
