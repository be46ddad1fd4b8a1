import type Database from 'better-sqlite3';
import type { DebitOnceRequest, DebitOnceResult } from './ledger.js';
import type { SqliteGroupCommit } from './sqlite-group-commit.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS charge_claims (
  idempotency_key TEXT PRIMARY KEY,
  charge_id INTEGER NOT NULL REFERENCES charges(id)
);
`;

/**
 * `Ledger.debitOnce` over the SQLite ledger's database: a claim row with `UNIQUE(idempotency_key)`
 * and the `credits >= cost` debit are in one transaction, so a key is charged at most once per
 * idempotency key and never below the credits held by calls in flight. Calls made during one
 * event-loop turn share the ledger's group commit (a stream fans one event out to many keys at
 * once). `onBalance` hears each committed new balance.
 */
export function createSqliteDebitOnce(
  db: Database.Database,
  group: SqliteGroupCommit,
  onBalance: (keyId: string, credits: number) => void,
): { debitOnce(request: DebitOnceRequest): Promise<DebitOnceResult> } {
  db.exec(SCHEMA);
  const claimOf = db.prepare<[string], { charge_id: number }>(
    'SELECT charge_id FROM charge_claims WHERE idempotency_key = ?',
  );
  const take = db.prepare<[number, string, number], { credits: number }>(
    'UPDATE keys SET credits = credits - ? WHERE id = ? AND credits - held >= ? RETURNING credits',
  );
  const balanceOf = db.prepare<[string], { credits: number }>(
    'SELECT credits - held AS credits FROM keys WHERE id = ?',
  );
  const insertCharge = db.prepare<[string, string, number, string, number]>(
    'INSERT INTO charges (key_id, route, credits, request_id, at) VALUES (?, ?, ?, ?, ?)',
  );
  const insertClaim = db.prepare<[string, number]>(
    'INSERT INTO charge_claims (idempotency_key, charge_id) VALUES (?, ?)',
  );

  const one = (r: DebitOnceRequest): DebitOnceResult => {
    const claim = claimOf.get(r.idempotencyKey);
    const taken = claim ? undefined : take.get(r.credits, r.keyId, r.credits);
    if (!taken) {
      const balance = balanceOf.get(r.keyId);
      if (!balance) return { kind: 'unknown_key' };
      if (claim) return { kind: 'duplicate', balance: balance.credits, chargeId: claim.charge_id };
      return { kind: 'insufficient', balance: balance.credits };
    }
    const chargeId = Number(insertCharge.run(r.keyId, r.route, r.credits, r.requestId, r.at).lastInsertRowid);
    insertClaim.run(r.idempotencyKey, chargeId);
    return { kind: 'debited', balance: taken.credits, chargeId };
  };
  return {
    debitOnce(request) {
      if (!Number.isSafeInteger(request.credits) || request.credits <= 0) {
        return Promise.reject(
          new Error(`a debit must be a positive whole number of credits, got ${request.credits}`),
        );
      }
      return group.run({
        apply: () => one(request),
        committed: (r) => {
          if (r.kind === 'debited') onBalance(request.keyId, r.balance);
        },
      });
    },
  };
}
