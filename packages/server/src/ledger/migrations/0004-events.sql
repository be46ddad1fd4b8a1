-- The append-only event log behind SSE resume. Appends hold an advisory lock until commit, so ids
-- become visible in order; (stream, key) makes publishing an event twice a no-op.
CREATE TABLE events (
  id bigserial PRIMARY KEY,
  stream text NOT NULL,
  key text NOT NULL,
  at bigint NOT NULL,
  data text NOT NULL,
  UNIQUE (stream, key)
);
CREATE INDEX events_stream ON events (stream, id);
