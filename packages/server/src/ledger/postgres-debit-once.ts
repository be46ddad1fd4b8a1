import type pg from 'pg';
import type { DebitOnceRequest, DebitOnceResult } from './ledger.js';
import { inTransaction } from './postgres-transaction.js';

/**
 * `Ledger.debitOnce` on PostgreSQL: one transaction locks the key's row, returns the earlier
 * charge when the idempotency key was claimed, else takes `credits >= cost` and records the charge
 * and its `UNIQUE(idempotency_key)` claim. Replicas billing the same stream event for the same key
 * queue on the row lock, so the second finds the claim and charges nothing.
 */
export function postgresDebitOnce(pool: pg.Pool, r: DebitOnceRequest): Promise<DebitOnceResult> {
  return inTransaction(pool, async (c): Promise<DebitOnceResult> => {
    const key = await c.query<{ credits: number }>(
      'SELECT credits - held AS credits FROM keys WHERE id = $1 FOR UPDATE',
      [r.keyId],
    );
    if (key.rowCount === 0) return { kind: 'unknown_key' };
    const balance = key.rows[0].credits;
    const claim = await c.query<{ charge_id: number }>(
      'SELECT charge_id FROM charge_claims WHERE idempotency_key = $1',
      [r.idempotencyKey],
    );
    if (claim.rowCount === 1) return { kind: 'duplicate', balance, chargeId: claim.rows[0].charge_id };
    if (balance < r.credits) return { kind: 'insufficient', balance };
    const { rows } = await c.query<{ credits: number; id: number }>(
      `WITH k AS (
         UPDATE keys SET credits = credits - $2 WHERE id = $1 RETURNING credits
       ), ch AS (
         INSERT INTO charges (key_id, route, credits, request_id, at) SELECT $1, $3, $2, $4, $5 FROM k RETURNING id
       ), cl AS (
         INSERT INTO charge_claims (idempotency_key, charge_id) SELECT $6, id FROM ch
       )
       SELECT k.credits, ch.id FROM k, ch`,
      [r.keyId, r.credits, r.route, r.requestId, r.at, r.idempotencyKey],
    );
    return { kind: 'debited', balance: rows[0].credits, chargeId: rows[0].id };
  });
}
