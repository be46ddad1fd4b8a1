-- x402 payment claims, deposits, welcome bonuses, wallet bindings, deposit references and plan
-- periods: the SQLite ledger's payment tables. Exactly-once is in the UNIQUE constraints.
CREATE TABLE payment_claims (
  message_hash text PRIMARY KEY,
  route text NOT NULL,
  request_id text NOT NULL,
  amount_micros bigint NOT NULL,
  pay_to text NOT NULL,
  state text NOT NULL CHECK (state IN ('claimed', 'settled', 'unbilled', 'failed')),
  payer text,
  settlement_tx text UNIQUE,
  reason text,
  claimed_at bigint NOT NULL,
  finished_at bigint
);

CREATE TABLE deposits (
  signature text PRIMARY KEY,
  key_id text NOT NULL REFERENCES keys (id),
  kind text NOT NULL CHECK (kind IN ('deposit', 'plan')),
  payer text NOT NULL,
  amount_micros bigint NOT NULL CHECK (amount_micros > 0),
  credits bigint NOT NULL CHECK (credits >= 0),
  bonus_credits bigint NOT NULL DEFAULT 0,
  plan text,
  at bigint NOT NULL
);
CREATE INDEX deposits_payer ON deposits (payer, kind);

CREATE TABLE welcome_bonuses (
  wallet text PRIMARY KEY,
  key_id text NOT NULL REFERENCES keys (id),
  signature text NOT NULL UNIQUE REFERENCES deposits (signature),
  credits bigint NOT NULL,
  at bigint NOT NULL
);

CREATE TABLE wallet_bindings (
  wallet text NOT NULL,
  key_id text NOT NULL REFERENCES keys (id),
  signature text NOT NULL REFERENCES deposits (signature),
  at bigint NOT NULL,
  PRIMARY KEY (wallet, key_id)
);

CREATE TABLE deposit_references (
  key_id text PRIMARY KEY REFERENCES keys (id),
  reference text NOT NULL UNIQUE,
  at bigint NOT NULL
);

CREATE TABLE plan_periods (
  key_id text PRIMARY KEY REFERENCES keys (id),
  plan text NOT NULL,
  started_at bigint NOT NULL,
  expires_at bigint NOT NULL
);
