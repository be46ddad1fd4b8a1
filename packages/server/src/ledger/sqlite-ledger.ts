import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { LruCache } from '@launchlens/engine/internal';
import Database from 'better-sqlite3';
import { generateApiKey, hashApiKey, looksLikeApiKey, sameKeyHash } from './api-key.js';
import { checkCredits, debitCreditsError, type KeyRow, keyRecordOf } from './key-row.js';
import type {
  Charge,
  DebitOnceResult,
  DebitRequest,
  DebitResult,
  KeyRecord,
  Ledger,
  MintedKey,
  PostResult,
  ReserveRequest,
  ReserveResult,
} from './ledger.js';
import { createProcessHolds } from './process-holds.js';
import { createSqliteDebitOnce } from './sqlite-debit-once.js';
import { createSqliteGroupCommit } from './sqlite-group-commit.js';
import { attachSqlitePayments } from './sqlite-payments.js';
import { createSqlitePostTurn, type Posted, type Posting } from './sqlite-post-turn.js';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startWalCheckpointer } from './start-wal-checkpointer.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS keys (
  id TEXT PRIMARY KEY,
  hash BLOB NOT NULL UNIQUE,
  credits INTEGER NOT NULL DEFAULT 0 CHECK (credits >= 0),
  held INTEGER NOT NULL DEFAULT 0 CHECK (held >= 0),
  plan TEXT,
  owner TEXT,
  created_at INTEGER NOT NULL,
  rotated_at INTEGER
);
CREATE TABLE IF NOT EXISTS charges (
  id INTEGER PRIMARY KEY,
  key_id TEXT NOT NULL REFERENCES keys(id),
  route TEXT NOT NULL,
  credits INTEGER NOT NULL CHECK (credits > 0),
  request_id TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS charges_key ON charges(key_id, id);
-- Holds of files written before they moved to process memory, voided at start (never written now).
CREATE TABLE IF NOT EXISTS reservations (
  id INTEGER PRIMARY KEY,
  key_id TEXT NOT NULL REFERENCES keys(id),
  route TEXT NOT NULL,
  credits INTEGER NOT NULL CHECK (credits > 0),
  request_id TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS grants (
  id INTEGER PRIMARY KEY,
  key_id TEXT NOT NULL REFERENCES keys(id),
  credits INTEGER NOT NULL CHECK (credits > 0),
  reason TEXT NOT NULL,
  at INTEGER NOT NULL
);
`;

/** How long a looked-up key is trusted without reading SQLite again. */
export const KEY_CACHE_MS = 1000;
/** How many looked-up keys the embedded ledger keeps. */
export const KEY_CACHE_MAX = 10_000;

/** A looked-up key and when it was read. */
interface KeptKey {
  row: KeyRow;
  readonly at: number;
}

const GONE: PostResult = { kind: 'gone' };

/**
 * The embedded ledger: one SQLite file in WAL mode (`:memory:` for tests), charged by one server
 * process. better-sqlite3 is synchronous, so every method runs its statements without yielding.
 * A reservation is a hold in this process's memory (`createProcessHolds`), taken at once against
 * the posted balance without a write (a crash loses it, which voids it) and reported with the
 * turn's commit, as the debit it replaced was. Debits and posts are committed with the other
 * writes of the same event-loop turn (`createSqliteGroupCommit`): a turn's posts are one balance
 * update per key and a charge row each (`createSqlitePostTurn`), and debits keep
 * `credits − held ≥ cost` with this process's holds counted. Another process writing the file (the
 * CLI's grants) cannot overdraw a key (`CHECK (credits >= 0)`), but does not see these holds.
 */
export function openSqliteLedger(path: string): Ledger {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  // Files made before reservations existed: `keys.held` is added in place (0 holds nothing).
  const keyColumns = db.prepare<[], { name: string }>('PRAGMA table_info(keys)').all();
  if (!keyColumns.some((c) => c.name === 'held'))
    db.exec('ALTER TABLE keys ADD COLUMN held INTEGER NOT NULL DEFAULT 0 CHECK (held >= 0)');
  // Checkpoints (two fsyncs each) run on a worker, never on the event loop (`startWalCheckpointer`).
  const checkpointer = path === ':memory:' ? null : startWalCheckpointer(path);
  if (checkpointer) db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);

  const insertKey = db.prepare<[string, Buffer, number, string | null, string | null, number]>(
    'INSERT INTO keys (id, hash, credits, plan, owner, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const byHash = db.prepare<[Buffer], KeyRow>('SELECT * FROM keys WHERE hash = ?');
  const byId = db.prepare<[string], KeyRow>('SELECT * FROM keys WHERE id = ?');
  const all = db.prepare<[], KeyRow>('SELECT * FROM keys ORDER BY created_at, id');
  const setHash = db.prepare<[Buffer, number, string, Buffer]>(
    'UPDATE keys SET hash = ?, rotated_at = ? WHERE id = ? AND hash = ?',
  );
  const addCredits = db.prepare<[number, string]>('UPDATE keys SET credits = credits + ? WHERE id = ?');
  const insertGrant = db.prepare<[string, number, string, number]>(
    'INSERT INTO grants (key_id, credits, reason, at) VALUES (?, ?, ?, ?)',
  );
  const take = db.prepare<[number, string, number], { credits: number }>(
    'UPDATE keys SET credits = credits - ? WHERE id = ? AND credits - held >= ? RETURNING credits',
  );
  const balanceOf = db.prepare<[string], { credits: number }>(
    'SELECT credits - held AS credits FROM keys WHERE id = ?',
  );
  const releaseStale = db.prepare<[number, number]>(
    `UPDATE keys SET held = held - (SELECT SUM(r.credits) FROM reservations r WHERE r.key_id = keys.id AND r.at < ?)
     WHERE id IN (SELECT key_id FROM reservations WHERE at < ?)`,
  );
  const deleteStale = db.prepare<[number]>('DELETE FROM reservations WHERE at < ?');
  const insertCharge = db.prepare<[string, string, number, string, number]>(
    'INSERT INTO charges (key_id, route, credits, request_id, at) VALUES (?, ?, ?, ?, ?)',
  );
  const chargesOf = db.prepare<[string], Charge>('SELECT * FROM charges WHERE key_id = ? ORDER BY id');

  // Live keys by hash for KEY_CACHE_MS: a lookup is a SQLite read per request otherwise. Rotation
  // and grants in this process update it at once; debits refresh the cached balance; a grant made
  // by another process (the CLI) is seen within KEY_CACHE_MS.
  // Found by the hash a request presents; `keptById` holds exactly the ids of the entries kept, so a
  // rotation or grant (by id) always reaches the entry of the old hash.
  const keptById = new Map<string, KeptKey>();
  const byHashHex = new LruCache<string, KeptKey>(KEY_CACHE_MAX, (_, kept) => keptById.delete(kept.row.id));
  const cached = (hash: Buffer): KeyRow | undefined => {
    const hit = byHashHex.get(hash.toString('hex'));
    if (hit && Date.now() - hit.at < KEY_CACHE_MS && sameKeyHash(hit.row.hash, hash)) return hit.row;
    return undefined;
  };
  const forgetId = (id: string) => {
    const kept = keptById.get(id);
    if (kept !== undefined) byHashHex.delete(kept.row.hash.toString('hex'));
    keptById.delete(id);
  };
  const remember = (row: KeyRow) => {
    forgetId(row.id);
    const kept = { row, at: Date.now() };
    byHashHex.set(row.hash.toString('hex'), kept);
    keptById.set(row.id, kept);
  };
  const holds = createProcessHolds();
  const recordOf = (row: KeyRow): KeyRecord => {
    const inProcess = holds.heldBy(row.id);
    const record = keyRecordOf(row);
    return inProcess === 0 ? record : { ...record, held: record.held + inProcess };
  };
  /** The key's row as this process last wrote or read it within KEY_CACHE_MS, else read now. */
  const currentRow = (id: string): KeyRow | null => {
    const kept = keptById.get(id);
    if (kept !== undefined && Date.now() - kept.at < KEY_CACHE_MS) return kept.row;
    const row = byId.get(id);
    if (row === undefined) return null;
    remember(row);
    return row;
  };
  const availableOf = (id: string): number | null => {
    const row = balanceOf.get(id);
    return row === undefined ? null : row.credits - holds.heldBy(id);
  };
  const live = (secret: string, known?: Buffer): KeyRow | null => {
    if (!looksLikeApiKey(secret)) return null;
    const hash = known ?? hashApiKey(secret);
    const hit = cached(hash);
    if (hit) return hit;
    const row = byHash.get(hash);
    if (!row || !sameKeyHash(row.hash, hash)) return null;
    remember(row);
    return row;
  };

  const create = db.transaction(
    (credits: number, owner: string | null, plan: string | null, at: number): MintedKey => {
      const secret = generateApiKey();
      const id = `key_${randomBytes(8).toString('hex')}`;
      insertKey.run(id, hashApiKey(secret), 0, plan, owner, at);
      if (credits > 0) {
        addCredits.run(credits, id);
        insertGrant.run(id, credits, 'created with credits', at);
      }
      return { secret, record: recordOf(byId.get(id)!) };
    },
  );

  const rotate = db.transaction((secret: string, at: number): MintedKey | null => {
    const row = live(secret);
    if (!row) return null;
    const next = generateApiKey();
    setHash.run(hashApiKey(next), at, row.id, row.hash);
    forgetId(row.id);
    return { secret: next, record: recordOf(byId.get(row.id)!) };
  });

  const grant = db.transaction(
    (keyId: string, credits: number, reason: string, at: number): KeyRecord | null => {
      if (!byId.get(keyId)) return null;
      if (credits > 0) {
        addCredits.run(credits, keyId);
        insertGrant.run(keyId, credits, reason, at);
      }
      forgetId(keyId);
      return recordOf(byId.get(keyId)!);
    },
  );

  const debitOne = (r: DebitRequest): DebitResult => {
    const taken = take.get(r.credits, r.keyId, r.credits + holds.heldBy(r.keyId));
    if (taken === undefined) {
      const available = availableOf(r.keyId);
      return available === null ? { kind: 'unknown_key' } : { kind: 'insufficient', balance: available };
    }
    const chargeId = Number(insertCharge.run(r.keyId, r.route, r.credits, r.requestId, r.at).lastInsertRowid);
    return { kind: 'debited', balance: taken.credits, chargeId };
  };
  const reserveNow = (r: ReserveRequest): ReserveResult => {
    const row = currentRow(r.keyId);
    if (row === null) return { kind: 'unknown_key' };
    const available = row.credits - row.held - holds.heldBy(r.keyId);
    if (available < r.credits) return { kind: 'insufficient', balance: available };
    const hold = holds.add(r.keyId, r.credits, r.route, r.requestId, r.at);
    return { kind: 'reserved', reservationId: hold.id, available: available - r.credits };
  };
  const postTurn = createSqlitePostTurn(db);
  const keepBalance = (keyId: string, credits: number) => {
    const kept = keptById.get(keyId);
    if (kept) kept.row = { ...kept.row, credits };
  };
  const keepDebited = (r: DebitOnceResult, request: DebitRequest) => {
    if (r.kind === 'debited') keepBalance(request.keyId, r.balance);
  };
  const keepPosted = (r: Posted, p: Posting) => {
    keepBalance(p.hold.keyId, r.balance);
    holds.release(p.hold);
  };
  const releaseUnposted = (_: unknown, p: Posting) => holds.release(p.hold);
  const group = createSqliteGroupCommit(db);
  const debitOnceOne = createSqliteDebitOnce(db, debitOne, availableOf);

  const payments = attachSqlitePayments(db, forgetId);
  let open = true;
  return {
    ...payments,
    async createKey(options) {
      const credits = options.credits ?? 0;
      checkCredits(credits);
      return create(credits, options.owner ?? null, options.plan ?? null, options.at);
    },
    async findKey(secret, hash) {
      const row = live(secret, hash);
      return row ? recordOf(row) : null;
    },
    async findKeyById(id) {
      const row = byId.get(id);
      return row ? recordOf(row) : null;
    },
    async rotateKey(secret, at) {
      return rotate(secret, at);
    },
    async grant(keyId, credits, reason, at) {
      checkCredits(credits);
      return grant(keyId, credits, reason, at);
    },
    debit(request) {
      const invalid = debitCreditsError(request.credits);
      if (invalid) return Promise.reject(invalid);
      return group.run(debitOne, request, keepDebited);
    },
    // reserve and post are not async functions: each is on every paid call.
    reserve(request) {
      const invalid = debitCreditsError(request.credits);
      if (invalid) return Promise.reject(invalid);
      if (!open) return Promise.reject(new Error('the ledger is closed'));
      return group.after(reserveNow(request));
    },
    post(reservationId, credits, at) {
      if (!Number.isSafeInteger(credits) || credits < 0)
        return Promise.reject(
          new Error(`a posted charge must be a whole number of credits ≥ 0, got ${credits}`),
        );
      if (!open) return Promise.reject(new Error('the ledger is closed'));
      const hold = holds.take(reservationId);
      if (hold === undefined) return Promise.resolve(GONE);
      const charged = Math.min(credits, hold.credits);
      if (charged === 0) {
        holds.release(hold);
        const balance = currentRow(hold.keyId)?.credits ?? 0;
        return Promise.resolve({ kind: 'posted', balance, chargeId: null });
      }
      return group.runTogether(postTurn, { hold, credits: charged, at }, keepPosted, releaseUnposted);
    },
    async voidReservations(before) {
      if (!open) throw new Error('the ledger is closed');
      const durable = db.transaction(() => {
        releaseStale.run(before, before);
        return deleteStale.run(before).changes;
      })();
      if (durable > 0) {
        byHashHex.clear();
        keptById.clear();
      }
      return durable + holds.voidBefore(before);
    },
    debitOnce(request) {
      const invalid = debitCreditsError(request.credits);
      if (invalid) return Promise.reject(invalid);
      return group.run(debitOnceOne, request, keepDebited);
    },
    async listKeys() {
      return all.all().map(recordOf);
    },
    async charges(keyId) {
      return chargesOf.all(keyId);
    },
    async close() {
      if (open) {
        open = false;
        group.close();
        await checkpointer?.stop();
        db.close();
      }
    },
  };
}
