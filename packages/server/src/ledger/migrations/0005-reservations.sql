-- Two-phase charges (pending/post/void transfers): a paid call holds credits before computing and
-- posts them as a charge once the answer is handed over. keys.credits stays the posted balance
-- (deposits + grants + bonuses - posted charges); keys.held is the sum of open reservations;
-- the available balance is credits - held.
ALTER TABLE keys ADD COLUMN held bigint NOT NULL DEFAULT 0 CHECK (held >= 0);

CREATE TABLE reservations (
  id bigserial PRIMARY KEY,
  key_id text NOT NULL REFERENCES keys (id),
  route text NOT NULL,
  credits bigint NOT NULL CHECK (credits > 0),
  request_id text NOT NULL,
  at bigint NOT NULL
);
CREATE INDEX reservations_at ON reservations (at);
