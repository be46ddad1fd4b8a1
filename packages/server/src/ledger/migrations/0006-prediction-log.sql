-- The hash-chained prediction log (track record) and the anchors of its head. Appends hold an
-- advisory lock until commit, so every replica extends one gapless chain; triggers refuse edits.
CREATE TABLE prediction_log (
  seq bigint PRIMARY KEY,
  mint text NOT NULL,
  published_at text NOT NULL,
  analyzed_at text NOT NULL,
  model_version text NOT NULL,
  published_by text NOT NULL,
  score integer,
  verdict text NOT NULL,
  rug_probability_pct double precision,
  interval_lo_pct double precision,
  interval_hi_pct double precision,
  prev_hash text NOT NULL UNIQUE,
  hash text NOT NULL UNIQUE,
  UNIQUE (mint, model_version)
);
CREATE FUNCTION prediction_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'prediction_log is append-only';
END;
$$;
CREATE TRIGGER prediction_log_append_only BEFORE UPDATE OR DELETE ON prediction_log
  FOR EACH ROW EXECUTE FUNCTION prediction_log_append_only();
CREATE TABLE track_record_anchors (
  id bigserial PRIMARY KEY,
  seq bigint NOT NULL,
  head_hash text NOT NULL,
  network text NOT NULL,
  signer text NOT NULL,
  signature text NOT NULL UNIQUE,
  anchored_at text NOT NULL,
  memo text NOT NULL
);
