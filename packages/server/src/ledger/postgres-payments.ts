import type pg from 'pg';
import type {
  ClaimResult,
  DepositRecord,
  PaymentLedger,
  PaymentState,
  PlanPaymentResult,
  PlanPeriod,
} from './payment-ledger.js';
import { inTransaction } from './postgres-transaction.js';

const DEPOSIT_COLUMNS = 'signature, key_id, kind, payer, amount_micros, credits, bonus_credits, plan, at';
// pg_advisory_xact_lock class of the per-payer lock: a payer's deposits are credited one at a
// time, so "first deposit of this wallet" is decided on committed rows only.
const PAYER_LOCK = 0x6c6c7079;

async function insertDeposit(
  c: pg.PoolClient,
  values: [string, string, 'deposit' | 'plan', string, number, number, string | null, number],
): Promise<DepositRecord | null> {
  const { rows } = await c.query<DepositRecord>(
    `INSERT INTO deposits (signature, key_id, kind, payer, amount_micros, credits, bonus_credits, plan, at)
     VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $8) ON CONFLICT (signature) DO NOTHING RETURNING ${DEPOSIT_COLUMNS}`,
    values,
  );
  return rows[0] ?? null;
}

async function depositOf(c: pg.PoolClient, signature: string): Promise<DepositRecord> {
  const { rows } = await c.query<DepositRecord>(
    `SELECT ${DEPOSIT_COLUMNS} FROM deposits WHERE signature = $1`,
    [signature],
  );
  return rows[0];
}

/** Locks the key's row for the transaction; false when there is no such key. */
async function lockKey(c: pg.PoolClient, keyId: string): Promise<boolean> {
  return (await c.query('SELECT 1 FROM keys WHERE id = $1 FOR UPDATE', [keyId])).rowCount === 1;
}

async function addCredits(c: pg.PoolClient, keyId: string, credits: number): Promise<number> {
  const { rows } = await c.query<{ credits: number }>(
    'UPDATE keys SET credits = credits + $1 WHERE id = $2 RETURNING credits',
    [credits, keyId],
  );
  return rows[0].credits;
}

async function bind(
  c: pg.PoolClient,
  wallet: string,
  keyId: string,
  signature: string,
  at: number,
): Promise<void> {
  await c.query(
    'INSERT INTO wallet_bindings (wallet, key_id, signature, at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
    [wallet, keyId, signature, at],
  );
}

/**
 * The payment part of the PostgreSQL ledger: the SQLite ledger's tables and rules, each money
 * operation one transaction. A deposit or plan payment locks its key's row first (plan periods
 * extend in order) and a deposit also its payer (the welcome bonus goes to the payer's first
 * deposit); `UNIQUE(signature)` / `UNIQUE(message_hash)` make a replay from any replica a no-op.
 * `run` starts each operation (refused once the ledger is closed; `close` waits for those running).
 */
export function createPostgresPayments(
  pool: pg.Pool,
  run: <T>(start: () => Promise<T>) => Promise<T>,
): PaymentLedger {
  return {
    claimPayment(claim) {
      return run(async (): Promise<ClaimResult> => {
        const inserted = await pool.query(
          `INSERT INTO payment_claims (message_hash, route, request_id, amount_micros, pay_to, state, claimed_at)
             VALUES ($1, $2, $3, $4, $5, 'claimed', $6) ON CONFLICT (message_hash) DO NOTHING`,
          [claim.messageHash, claim.route, claim.requestId, claim.amountMicros, claim.payTo, claim.at],
        );
        if (inserted.rowCount === 1) return { kind: 'claimed' };
        const { rows } = await pool.query<{ state: PaymentState; settlement_tx: string | null }>(
          'SELECT state, settlement_tx FROM payment_claims WHERE message_hash = $1',
          [claim.messageHash],
        );
        return { kind: 'taken', state: rows[0].state, settlementTx: rows[0].settlement_tx };
      });
    },
    finishPayment(messageHash, outcome) {
      return run(async () => {
        const { rowCount } =
          outcome.state === 'settled'
            ? await pool.query(
                `UPDATE payment_claims SET state = 'settled', settlement_tx = $1, payer = $2, finished_at = $3
                   WHERE message_hash = $4 AND state = 'claimed'`,
                [outcome.settlementTx, outcome.payer, outcome.at, messageHash],
              )
            : await pool.query(
                `UPDATE payment_claims SET state = $1, reason = $2, finished_at = $3
                   WHERE message_hash = $4 AND state = 'claimed'`,
                [outcome.state, outcome.reason, outcome.at, messageHash],
              );
        if (rowCount !== 1) throw new Error(`payment ${messageHash} is not an open claim`);
      });
    },
    depositReference(keyId, candidate, at) {
      return run(async () => {
        const { rows } = await pool.query<{ reference: string }>(
          `WITH ins AS (
               INSERT INTO deposit_references (key_id, reference, at) VALUES ($1, $2, $3)
               ON CONFLICT (key_id) DO NOTHING RETURNING reference
             )
             SELECT reference FROM ins UNION ALL SELECT reference FROM deposit_references WHERE key_id = $1`,
          [keyId, candidate, at],
        );
        return rows[0].reference;
      });
    },
    isWalletBound(wallet, keyId) {
      return run(
        async () =>
          (
            await pool.query('SELECT 1 FROM wallet_bindings WHERE wallet = $1 AND key_id = $2', [
              wallet,
              keyId,
            ])
          ).rowCount === 1,
      );
    },
    creditDeposit(r) {
      return run(() =>
        inTransaction(pool, async (c) => {
          if (!(await lockKey(c, r.keyId))) return { kind: 'unknown_key' as const };
          await c.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [PAYER_LOCK, r.payer]);
          const inserted = await insertDeposit(c, [
            r.signature,
            r.keyId,
            'deposit',
            r.payer,
            r.amountMicros,
            r.credits,
            null,
            r.at,
          ]);
          if (!inserted) return { kind: 'duplicate' as const, deposit: await depositOf(c, r.signature) };
          let bonus = 0;
          if (r.amountMicros >= r.welcome.minMicros) {
            const earlier = await c.query(
              `SELECT 1 FROM deposits WHERE payer = $1 AND kind = 'deposit' AND signature <> $2 LIMIT 1`,
              [r.payer, r.signature],
            );
            if (earlier.rowCount === 0) {
              const granted = await c.query(
                `INSERT INTO welcome_bonuses (wallet, key_id, signature, credits, at) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (wallet) DO NOTHING`,
                [r.payer, r.keyId, r.signature, r.welcome.credits, r.at],
              );
              if (granted.rowCount === 1) {
                bonus = r.welcome.credits;
                await c.query('UPDATE deposits SET bonus_credits = $1 WHERE signature = $2', [
                  bonus,
                  r.signature,
                ]);
              }
            }
          }
          await bind(c, r.payer, r.keyId, r.signature, r.at);
          const balance = await addCredits(c, r.keyId, r.credits + bonus);
          return { kind: 'credited' as const, deposit: await depositOf(c, r.signature), balance };
        }),
      );
    },
    payPlan(r) {
      return run(() =>
        inTransaction(pool, async (c): Promise<PlanPaymentResult> => {
          if (!(await lockKey(c, r.keyId))) return { kind: 'unknown_key' };
          const inserted = await insertDeposit(c, [
            r.signature,
            r.keyId,
            'plan',
            r.payer,
            r.amountMicros,
            r.credits,
            r.plan,
            r.at,
          ]);
          if (!inserted) return { kind: 'duplicate', deposit: await depositOf(c, r.signature) };
          const current = (
            await c.query<PlanPeriod>(
              'SELECT key_id, plan, started_at, expires_at FROM plan_periods WHERE key_id = $1',
              [r.keyId],
            )
          ).rows[0];
          const live = current !== undefined && current.expires_at > r.at;
          const startedAt = live ? current.started_at : r.at;
          const expiresAt = (live ? current.expires_at : r.at) + r.periodMs;
          const { rows } = await c.query<PlanPeriod>(
            `INSERT INTO plan_periods (key_id, plan, started_at, expires_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (key_id) DO UPDATE SET plan = excluded.plan, started_at = excluded.started_at, expires_at = excluded.expires_at
             RETURNING key_id, plan, started_at, expires_at`,
            [r.keyId, r.plan, startedAt, expiresAt],
          );
          await c.query('UPDATE keys SET plan = $1 WHERE id = $2', [r.plan, r.keyId]);
          await bind(c, r.payer, r.keyId, r.signature, r.at);
          const balance = await addCredits(c, r.keyId, r.credits);
          return { kind: 'started', period: rows[0], deposit: inserted, balance };
        }),
      );
    },
    planOfKeyHash(hash, at) {
      return run(async () => {
        const { rows } = await pool.query<{ plan: string }>({
          name: 'planOfKeyHash',
          text: 'SELECT p.plan FROM keys k JOIN plan_periods p ON p.key_id = k.id WHERE k.hash = $1 AND p.expires_at > $2',
          values: [Buffer.from(hash), at],
        });
        return rows[0]?.plan ?? null;
      });
    },
    planOf(keyId, at) {
      return run(async () => {
        const { rows } = await pool.query<PlanPeriod>(
          'SELECT key_id, plan, started_at, expires_at FROM plan_periods WHERE key_id = $1 AND expires_at > $2',
          [keyId, at],
        );
        return rows[0] ?? null;
      });
    },
  };
}
