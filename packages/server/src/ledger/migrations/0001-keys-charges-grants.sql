-- Keys, credits and the charges and grants that moved them: the SQLite ledger's tables.
-- Secrets are stored only as SHA-256 hashes; times are epoch milliseconds.
CREATE TABLE keys (
  id text PRIMARY KEY,
  hash bytea NOT NULL UNIQUE,
  credits bigint NOT NULL DEFAULT 0 CHECK (credits >= 0),
  plan text,
  owner text,
  created_at bigint NOT NULL,
  rotated_at bigint
);

CREATE TABLE charges (
  id bigserial PRIMARY KEY,
  key_id text NOT NULL REFERENCES keys (id),
  route text NOT NULL,
  credits bigint NOT NULL CHECK (credits > 0),
  request_id text NOT NULL,
  at bigint NOT NULL
);
CREATE INDEX charges_key ON charges (key_id, id);

CREATE TABLE grants (
  id bigserial PRIMARY KEY,
  key_id text NOT NULL REFERENCES keys (id),
  credits bigint NOT NULL CHECK (credits > 0),
  reason text NOT NULL,
  at bigint NOT NULL
);
