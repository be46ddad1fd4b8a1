import type Database from 'better-sqlite3';
import type { DebitOnceRequest, DebitOnceResult, DebitRequest, DebitResult } from './ledger.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS charge_claims (
  idempotency_key TEXT PRIMARY KEY,
  charge_id INTEGER NOT NULL REFERENCES charges(id)
);
`;

/**
 * One `Ledger.debitOnce` write on the SQLite ledger's database: a claim row with
 * `UNIQUE(idempotency_key)` beside the ledger's own debit (`debit`, the `credits − held >= cost`
 * update and its charge row), in the caller's transaction (the ledger's group commit), so a key is
 * charged at most once per idempotency key and never below the credits held by calls in flight.
 * `availableOf` is the key's available balance (null: no such key), reported with a duplicate.
 */
export function createSqliteDebitOnce(
  db: Database.Database,
  debit: (request: DebitRequest) => DebitResult,
  availableOf: (keyId: string) => number | null,
): (request: DebitOnceRequest) => DebitOnceResult {
  db.exec(SCHEMA);
  const claimOf = db.prepare<[string], { charge_id: number }>(
    'SELECT charge_id FROM charge_claims WHERE idempotency_key = ?',
  );
  const insertClaim = db.prepare<[string, number]>(
    'INSERT INTO charge_claims (idempotency_key, charge_id) VALUES (?, ?)',
  );
  return (r) => {
    const claim = claimOf.get(r.idempotencyKey);
    if (claim !== undefined) {
      const balance = availableOf(r.keyId);
      if (balance === null) return { kind: 'unknown_key' };
      return { kind: 'duplicate', balance, chargeId: claim.charge_id };
    }
    const result = debit(r);
    if (result.kind === 'debited') insertClaim.run(r.idempotencyKey, result.chargeId);
    return result;
  };
}
