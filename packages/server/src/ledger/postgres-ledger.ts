import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { generateApiKey, hashApiKey, looksLikeApiKey, sameKeyHash } from './api-key.js';
import { checkCredits, debitCreditsError, type KeyRow, keyRecordOf } from './key-row.js';
import type { Charge, Ledger, MintedKey } from './ledger.js';
import { postgresDebitOnce } from './postgres-debit-once.js';
import { migratePostgres } from './postgres-migrate.js';
import { createPostgresPayments } from './postgres-payments.js';
import { createPostgresPool } from './postgres-pool.js';

const SQL = {
  createKey: `WITH k AS (
      INSERT INTO keys (id, hash, credits, plan, owner, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *
    ), g AS (
      INSERT INTO grants (key_id, credits, reason, at) SELECT id, credits, 'created with credits', created_at FROM k WHERE credits > 0
    )
    SELECT * FROM k`,
  byHash: 'SELECT * FROM keys WHERE hash = $1',
  byId: 'SELECT * FROM keys WHERE id = $1',
  all: 'SELECT * FROM keys ORDER BY created_at, id',
  rotate: 'UPDATE keys SET hash = $1, rotated_at = $2 WHERE id = $3 AND hash = $4 RETURNING *',
  grant: `WITH k AS (
      UPDATE keys SET credits = credits + $2 WHERE id = $1 RETURNING *
    ), g AS (
      INSERT INTO grants (key_id, credits, reason, at) SELECT id, $2, $3, $4 FROM k WHERE $2 > 0
    )
    SELECT * FROM k`,
  // One statement, so one transaction: the guarded UPDATE takes the row lock (a concurrent debit
  // of the same key waits, then re-checks `credits >= cost` on the row it committed) and the charge
  // row exists only when the UPDATE matched.
  debit: `WITH k AS (
      UPDATE keys SET credits = credits - $2 WHERE id = $1 AND credits - held >= $2 RETURNING credits
    ), c AS (
      INSERT INTO charges (key_id, route, credits, request_id, at) SELECT $1, $3, $2, $4, $5 FROM k RETURNING id
    )
    SELECT k.credits, c.id FROM k, c`,
  balance: 'SELECT credits - held AS credits FROM keys WHERE id = $1',
  reserve: `WITH k AS (
      UPDATE keys SET held = held + $2 WHERE id = $1 AND credits - held >= $2 RETURNING credits - held AS available
    ), r AS (
      INSERT INTO reservations (key_id, route, credits, request_id, at) SELECT $1, $3, $2, $4, $5 FROM k RETURNING id
    )
    SELECT k.available, r.id FROM k, r`,
  post: `WITH r AS (
      DELETE FROM reservations WHERE id = $1 RETURNING key_id, route, credits, request_id
    ), k AS (
      UPDATE keys SET held = keys.held - r.credits, credits = keys.credits - LEAST($2::bigint, r.credits)
      FROM r WHERE keys.id = r.key_id RETURNING keys.credits
    ), c AS (
      INSERT INTO charges (key_id, route, credits, request_id, at)
      SELECT key_id, route, LEAST($2::bigint, credits), request_id, $3 FROM r WHERE LEAST($2::bigint, credits) > 0
      RETURNING id
    )
    SELECT k.credits, (SELECT id FROM c) AS charge_id FROM k`,
  voidStale: `WITH r AS (
      DELETE FROM reservations WHERE at < $1 RETURNING key_id, credits
    ), s AS (
      SELECT key_id, SUM(credits) AS credits, COUNT(*) AS n FROM r GROUP BY key_id
    ), k AS (
      UPDATE keys SET held = held - s.credits FROM s WHERE keys.id = s.key_id RETURNING s.n
    )
    SELECT COALESCE(SUM(n), 0)::int AS voided FROM k`,
  charges: 'SELECT * FROM charges WHERE key_id = $1 ORDER BY id',
} as const;

export interface PostgresLedgerOptions {
  /** `DATABASE_URL`; a `search_path` in its `options` parameter selects the schema. */
  readonly connectionString: string;
  /** Pool size per process (default 10). */
  readonly poolSize?: number;
}

/**
 * The ledger on PostgreSQL, shared by every replica: the same guarantees as the SQLite one
 * (secrets only as SHA-256 hashes; a debit is a conditional UPDATE and its charge row in one
 * statement), with the versioned migrations of `migrations/` applied before it resolves. It keeps
 * no key cache: a rotation on one replica must refuse the old secret on all of them at once.
 */
export async function openPostgresLedger(options: PostgresLedgerOptions): Promise<Ledger> {
  const pool = createPostgresPool({ connectionString: options.connectionString, max: options.poolSize });
  try {
    await migratePostgres(pool);
  } catch (e) {
    await pool.end();
    throw e;
  }
  let open = true;
  // Operations in flight, so `close` lets them finish before it ends the pool.
  const inflight = new Set<Promise<unknown>>();
  const guarded = <T>(start: () => Promise<T>): Promise<T> => {
    if (!open) return Promise.reject(new Error('the ledger is closed'));
    const running = start();
    inflight.add(running);
    return running.finally(() => inflight.delete(running));
  };
  const q = async <R extends pg.QueryResultRow>(name: keyof typeof SQL, values: unknown[]) =>
    (await guarded(() => pool.query<R>({ name, text: SQL[name], values }))).rows;

  const live = async (secret: string, known?: Buffer): Promise<KeyRow | null> => {
    if (!looksLikeApiKey(secret)) return null;
    const hash = known ?? hashApiKey(secret);
    const [row] = await q<KeyRow>('byHash', [hash]);
    return row && sameKeyHash(row.hash, hash) ? row : null;
  };

  const ensureOpen = () => {
    if (!open) throw new Error('the ledger is closed');
  };
  const payments = createPostgresPayments(pool, guarded);
  return {
    ...payments,
    async createKey(o) {
      ensureOpen();
      const credits = o.credits ?? 0;
      checkCredits(credits);
      const secret = generateApiKey();
      const id = `key_${randomBytes(8).toString('hex')}`;
      const [row] = await q<KeyRow>('createKey', [
        id,
        hashApiKey(secret),
        credits,
        o.plan ?? null,
        o.owner ?? null,
        o.at,
      ]);
      return { secret, record: keyRecordOf(row) };
    },
    async findKey(secret, hash) {
      ensureOpen();
      const row = await live(secret, hash);
      return row ? keyRecordOf(row) : null;
    },
    async findKeyById(id) {
      ensureOpen();
      const [row] = await q<KeyRow>('byId', [id]);
      return row ? keyRecordOf(row) : null;
    },
    async rotateKey(secret, at): Promise<MintedKey | null> {
      ensureOpen();
      const row = await live(secret);
      if (!row) return null;
      const next = generateApiKey();
      const [rotated] = await q<KeyRow>('rotate', [hashApiKey(next), at, row.id, row.hash]);
      return rotated ? { secret: next, record: keyRecordOf(rotated) } : null;
    },
    async grant(keyId, credits, reason, at) {
      ensureOpen();
      checkCredits(credits);
      const [row] = await q<KeyRow>('grant', [keyId, credits, reason, at]);
      return row ? keyRecordOf(row) : null;
    },
    async debit(r) {
      const invalid = debitCreditsError(r.credits);
      if (invalid) throw invalid;
      ensureOpen();
      const [taken] = await q<{ credits: number; id: number }>('debit', [
        r.keyId,
        r.credits,
        r.route,
        r.requestId,
        r.at,
      ]);
      if (taken) return { kind: 'debited', balance: taken.credits, chargeId: taken.id };
      const [row] = await q<{ credits: number }>('balance', [r.keyId]);
      return row ? { kind: 'insufficient', balance: row.credits } : { kind: 'unknown_key' };
    },
    async reserve(r) {
      const invalid = debitCreditsError(r.credits);
      if (invalid) throw invalid;
      ensureOpen();
      const [held] = await q<{ available: number; id: number }>('reserve', [
        r.keyId,
        r.credits,
        r.route,
        r.requestId,
        r.at,
      ]);
      if (held) return { kind: 'reserved', reservationId: Number(held.id), available: held.available };
      const [row] = await q<{ credits: number }>('balance', [r.keyId]);
      return row ? { kind: 'insufficient', balance: row.credits } : { kind: 'unknown_key' };
    },
    async post(reservationId, credits, at) {
      if (!Number.isSafeInteger(credits) || credits < 0)
        throw new Error(`a posted charge must be a whole number of credits ≥ 0, got ${credits}`);
      ensureOpen();
      const [row] = await q<{ credits: number; charge_id: number | null }>('post', [
        reservationId,
        credits,
        at,
      ]);
      if (!row) return { kind: 'gone' };
      return {
        kind: 'posted',
        balance: row.credits,
        chargeId: row.charge_id === null ? null : Number(row.charge_id),
      };
    },
    async voidReservations(before) {
      ensureOpen();
      const [row] = await q<{ voided: number }>('voidStale', [before]);
      return row.voided;
    },
    async debitOnce(r) {
      const invalid = debitCreditsError(r.credits);
      if (invalid) throw invalid;
      return guarded(() => postgresDebitOnce(pool, r));
    },
    async listKeys() {
      ensureOpen();
      return (await q<KeyRow>('all', [])).map(keyRecordOf);
    },
    async charges(keyId) {
      ensureOpen();
      return q<Charge>('charges', [keyId]);
    },
    async close() {
      if (open) {
        open = false;
        await Promise.allSettled([...inflight]);
        await pool.end();
      }
    },
  };
}
