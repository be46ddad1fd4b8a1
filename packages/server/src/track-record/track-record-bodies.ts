import { z } from '@hono/zod-openapi';
import { withMeta } from '../routes/openapi-parts.js';
import { PredictionEntry } from './prediction-entry.js';
import { TrackRecordAnchor } from './track-record-anchor.js';

const Head = z.object({ seq: z.int(), hash: z.string(), published_at: z.string() });

/** `GET /v1/track-record`. */
export const TrackRecordBody = withMeta(
  z.object({
    head: Head.nullable(),
    count: z.int(),
    first_published_at: z.string().nullable(),
    last_published_at: z.string().nullable(),
    genesis_prev_hash: z.string(),
    encoding: z.string().openapi({ description: 'The canonical encoding each hash is taken over' }),
    verify: z.object({
      steps: z.array(z.string()),
      entries_url: z.string().openapi({ description: 'First page of entries as NDJSON' }),
      command: z.string(),
    }),
    anchors: z.object({
      schedule: z.string(),
      target: z
        .object({ network: z.string(), signer: z.string(), rpc_url: z.string().nullable() })
        .nullable()
        .openapi({ description: 'Where this server anchors now; null when anchoring is off' }),
      list: z.array(TrackRecordAnchor),
    }),
    says: z.string(),
  }),
).openapi('TrackRecord');

/** One NDJSON line of the entries: the entry as hashed, plus its outcome when settled (not hashed). */
export const TrackRecordLine = PredictionEntry.extend({
  outcome: z
    .object({ settled_at: z.string(), rugged: z.boolean() })
    .nullable()
    .openapi({ description: 'Settled outcome known to the server now; not part of the hash' }),
}).openapi('TrackRecordLine');
export type TrackRecordLine = z.infer<typeof TrackRecordLine>;

/** `GET /v1/track-record/{mint}`. */
export const TrackRecordMintBody = withMeta(
  z.object({
    mint: z.string(),
    entries: z.array(TrackRecordLine),
    neighbours: z.array(PredictionEntry).openapi({
      description: 'The entries just before and after each of the mint’s entries, to check both links',
    }),
    head: Head.nullable(),
    says: z.string(),
  }),
).openapi('TrackRecordMint');
