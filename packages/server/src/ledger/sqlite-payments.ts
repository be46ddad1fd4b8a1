import type Database from 'better-sqlite3';
import type {
  ClaimResult,
  DepositCreditRequest,
  DepositCreditResult,
  DepositRecord,
  PaymentLedger,
  PaymentState,
  PlanPaymentRequest,
  PlanPaymentResult,
  PlanPeriod,
} from './payment-ledger.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS payment_claims (
  message_hash TEXT PRIMARY KEY,
  route TEXT NOT NULL,
  request_id TEXT NOT NULL,
  amount_micros INTEGER NOT NULL,
  pay_to TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('claimed', 'settled', 'unbilled', 'failed')),
  payer TEXT,
  settlement_tx TEXT UNIQUE,
  reason TEXT,
  claimed_at INTEGER NOT NULL,
  finished_at INTEGER
);
CREATE TABLE IF NOT EXISTS deposits (
  signature TEXT PRIMARY KEY,
  key_id TEXT NOT NULL REFERENCES keys(id),
  kind TEXT NOT NULL CHECK (kind IN ('deposit', 'plan')),
  payer TEXT NOT NULL,
  amount_micros INTEGER NOT NULL CHECK (amount_micros > 0),
  credits INTEGER NOT NULL CHECK (credits >= 0),
  bonus_credits INTEGER NOT NULL DEFAULT 0,
  plan TEXT,
  at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS deposits_payer ON deposits(payer, kind);
CREATE TABLE IF NOT EXISTS welcome_bonuses (
  wallet TEXT PRIMARY KEY,
  key_id TEXT NOT NULL REFERENCES keys(id),
  signature TEXT NOT NULL UNIQUE REFERENCES deposits(signature),
  credits INTEGER NOT NULL,
  at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS wallet_bindings (
  wallet TEXT NOT NULL,
  key_id TEXT NOT NULL REFERENCES keys(id),
  signature TEXT NOT NULL REFERENCES deposits(signature),
  at INTEGER NOT NULL,
  PRIMARY KEY (wallet, key_id)
);
CREATE TABLE IF NOT EXISTS deposit_references (
  key_id TEXT PRIMARY KEY REFERENCES keys(id),
  reference TEXT NOT NULL UNIQUE,
  at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS plan_periods (
  key_id TEXT PRIMARY KEY REFERENCES keys(id),
  plan TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
`;

/**
 * The payment tables of the SQLite ledger, on the ledger's own connection (`openSqliteLedger`
 * delegates to it). `keyChanged` is called after a key's balance or plan changed, so the
 * ledger's key cache forgets it.
 */
export function attachSqlitePayments(
  db: Database.Database,
  keyChanged: (keyId: string) => void,
): PaymentLedger {
  db.exec(SCHEMA);
  const insertClaim = db.prepare(
    `INSERT INTO payment_claims (message_hash, route, request_id, amount_micros, pay_to, state, claimed_at)
     VALUES (?, ?, ?, ?, ?, 'claimed', ?) ON CONFLICT (message_hash) DO NOTHING`,
  );
  const claimOf = db.prepare<[string], { state: PaymentState; settlement_tx: string | null }>(
    'SELECT state, settlement_tx FROM payment_claims WHERE message_hash = ?',
  );
  const settle = db.prepare(
    `UPDATE payment_claims SET state = 'settled', settlement_tx = ?, payer = ?, finished_at = ?
     WHERE message_hash = ? AND state = 'claimed'`,
  );
  const close = db.prepare(
    `UPDATE payment_claims SET state = ?, reason = ?, finished_at = ? WHERE message_hash = ? AND state = 'claimed'`,
  );
  const insertReference = db.prepare(
    'INSERT INTO deposit_references (key_id, reference, at) VALUES (?, ?, ?) ON CONFLICT (key_id) DO NOTHING',
  );
  const referenceOf = db.prepare<[string], { reference: string }>(
    'SELECT reference FROM deposit_references WHERE key_id = ?',
  );
  const bound = db.prepare<[string, string], { one: number }>(
    'SELECT 1 AS one FROM wallet_bindings WHERE wallet = ? AND key_id = ?',
  );
  const keyExists = db.prepare<[string], { credits: number }>('SELECT credits FROM keys WHERE id = ?');
  const insertDeposit = db.prepare(
    `INSERT INTO deposits (signature, key_id, kind, payer, amount_micros, credits, bonus_credits, plan, at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (signature) DO NOTHING`,
  );
  const depositOf = db.prepare<[string], DepositRecord>('SELECT * FROM deposits WHERE signature = ?');
  const earlierDeposit = db.prepare<[string, string], { one: number }>(
    `SELECT 1 AS one FROM deposits WHERE payer = ? AND kind = 'deposit' AND signature <> ? LIMIT 1`,
  );
  const insertBonus = db.prepare(
    'INSERT INTO welcome_bonuses (wallet, key_id, signature, credits, at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (wallet) DO NOTHING',
  );
  const setBonus = db.prepare('UPDATE deposits SET bonus_credits = ? WHERE signature = ?');
  const bind = db.prepare(
    'INSERT INTO wallet_bindings (wallet, key_id, signature, at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const addCredits = db.prepare<[number, string], { credits: number }>(
    'UPDATE keys SET credits = credits + ? WHERE id = ? RETURNING credits',
  );
  const periodOf = db.prepare<[string], PlanPeriod>('SELECT * FROM plan_periods WHERE key_id = ?');
  const upsertPeriod = db.prepare(
    `INSERT INTO plan_periods (key_id, plan, started_at, expires_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (key_id) DO UPDATE SET plan = excluded.plan, started_at = excluded.started_at, expires_at = excluded.expires_at`,
  );
  const setKeyPlan = db.prepare('UPDATE keys SET plan = ? WHERE id = ?');
  const planByHash = db.prepare<[Uint8Array, number], { plan: string }>(
    'SELECT p.plan FROM keys k JOIN plan_periods p ON p.key_id = k.id WHERE k.hash = ? AND p.expires_at > ?',
  );

  const claim = db.transaction((c: Parameters<PaymentLedger['claimPayment']>[0]): ClaimResult => {
    if (insertClaim.run(c.messageHash, c.route, c.requestId, c.amountMicros, c.payTo, c.at).changes === 1)
      return { kind: 'claimed' };
    const row = claimOf.get(c.messageHash)!;
    return { kind: 'taken', state: row.state, settlementTx: row.settlement_tx };
  });

  const credit = db.transaction((r: DepositCreditRequest): DepositCreditResult => {
    if (!keyExists.get(r.keyId)) return { kind: 'unknown_key' };
    const inserted = insertDeposit.run(
      r.signature,
      r.keyId,
      'deposit',
      r.payer,
      r.amountMicros,
      r.credits,
      0,
      null,
      r.at,
    );
    if (inserted.changes === 0) return { kind: 'duplicate', deposit: depositOf.get(r.signature)! };
    let bonus = 0;
    if (r.amountMicros >= r.welcome.minMicros && !earlierDeposit.get(r.payer, r.signature)) {
      if (insertBonus.run(r.payer, r.keyId, r.signature, r.welcome.credits, r.at).changes === 1) {
        bonus = r.welcome.credits;
        setBonus.run(bonus, r.signature);
      }
    }
    bind.run(r.payer, r.keyId, r.signature, r.at);
    const { credits: balance } = addCredits.get(r.credits + bonus, r.keyId)!;
    return { kind: 'credited', deposit: depositOf.get(r.signature)!, balance };
  });

  const payPlan = db.transaction((r: PlanPaymentRequest): PlanPaymentResult => {
    if (!keyExists.get(r.keyId)) return { kind: 'unknown_key' };
    const inserted = insertDeposit.run(
      r.signature,
      r.keyId,
      'plan',
      r.payer,
      r.amountMicros,
      r.credits,
      0,
      r.plan,
      r.at,
    );
    if (inserted.changes === 0) return { kind: 'duplicate', deposit: depositOf.get(r.signature)! };
    const current = periodOf.get(r.keyId);
    const live = current !== undefined && current.expires_at > r.at;
    const startedAt = live ? current.started_at : r.at;
    const expiresAt = (live ? current.expires_at : r.at) + r.periodMs;
    upsertPeriod.run(r.keyId, r.plan, startedAt, expiresAt);
    setKeyPlan.run(r.plan, r.keyId);
    bind.run(r.payer, r.keyId, r.signature, r.at);
    const { credits: balance } = addCredits.get(r.credits, r.keyId)!;
    return { kind: 'started', period: periodOf.get(r.keyId)!, deposit: depositOf.get(r.signature)!, balance };
  });

  return {
    async claimPayment(c) {
      return claim(c);
    },
    async finishPayment(messageHash, outcome) {
      const changed =
        outcome.state === 'settled'
          ? settle.run(outcome.settlementTx, outcome.payer, outcome.at, messageHash).changes
          : close.run(outcome.state, outcome.reason, outcome.at, messageHash).changes;
      if (changed !== 1) throw new Error(`payment ${messageHash} is not an open claim`);
    },
    async depositReference(keyId, candidate, at) {
      insertReference.run(keyId, candidate, at);
      return referenceOf.get(keyId)!.reference;
    },
    async isWalletBound(wallet, keyId) {
      return bound.get(wallet, keyId) !== undefined;
    },
    async creditDeposit(request) {
      const result = credit(request);
      if (result.kind === 'credited') keyChanged(request.keyId);
      return result;
    },
    async payPlan(request) {
      const result = payPlan(request);
      if (result.kind === 'started') keyChanged(request.keyId);
      return result;
    },
    async planOfKeyHash(hash, at) {
      return planByHash.get(hash, at)?.plan ?? null;
    },
    async planOf(keyId, at) {
      const period = periodOf.get(keyId);
      return period !== undefined && period.expires_at > at ? period : null;
    },
  };
}
