-- Who holds each rows stream's writer claim (the claim itself is a session advisory lock of its
-- connection), for a refused claim to name; a killed writer's row stays until the next claim.
CREATE TABLE writer_claims (
  stream text PRIMARY KEY,
  host text NOT NULL,
  pid integer NOT NULL,
  since bigint NOT NULL
);
