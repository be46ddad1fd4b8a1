-- Idempotent debits (stream billing): one charge per idempotency key.
CREATE TABLE charge_claims (
  idempotency_key text PRIMARY KEY,
  charge_id bigint NOT NULL REFERENCES charges (id)
);
