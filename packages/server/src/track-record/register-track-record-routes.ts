import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { freeMeta } from '../envelope/free-meta.js';
import { COMMON_ERRORS, errorResponses, jsonResponse } from '../routes/openapi-parts.js';
import { MintParams, numberQuery } from '../routes/params.js';
import { CANONICAL_ENCODING } from './canonical-entry-text.js';
import { lineOf } from './line-of.js';
import { outcomesOf } from './outcomes-of.js';
import { GENESIS_PREV_HASH, type PredictionEntry } from './prediction-entry.js';
import type { TrackRecord } from './track-record.js';
import { TrackRecordBody, TrackRecordMintBody } from './track-record-bodies.js';

export const MAX_ENTRIES_PAGE = 5000;

const TrackRecordQuery = z.object({
  format: z
    .enum(['json', 'ndjson'], { error: 'format must be json or ndjson' })
    .default('json')
    .openapi({ param: { name: 'format', in: 'query' } }),
  after_seq: numberQuery('after_seq', z.number().int().min(0).default(0)),
  limit: numberQuery('limit', z.number().int().min(1).max(MAX_ENTRIES_PAGE).default(1000)),
});

const summaryRoute = createRoute({
  method: 'get',
  path: '/v1/track-record',
  tags: ['free'],
  summary: 'The hash-chained log of every verdict as first published',
  description:
    'Free, never charged. The first verdict the service published for each token (live feed, first screen, analyze job) is appended to an append-only log; each entry’s `hash` is SHA-256 over a canonical encoding that includes `prev_hash`, and the head is anchored on Solana in a memo transaction once a UTC day and at shutdown. `format=json` (default) gives the head, count, first and last times, the encoding, how to verify and the anchors with their signatures. `format=ndjson` pages through the entries (`after_seq`, `limit` ≤ 5000), one JSON entry per line with its settled outcome (not hashed), then a last line `{"_meta": …, "next_after_seq": n | null}`.',
  request: { query: TrackRecordQuery },
  responses: {
    200: {
      description: 'The summary (JSON) or a page of entries (NDJSON)',
      content: {
        'application/json': { schema: TrackRecordBody },
        'application/x-ndjson': {
          schema: {
            type: 'string',
            description: 'TrackRecordLine objects, one per line, then the `_meta` line',
          },
        },
      },
    },
    ...errorResponses(400, ...COMMON_ERRORS),
  },
});

const mintRoute = createRoute({
  method: 'get',
  path: '/v1/track-record/{mint}',
  tags: ['free'],
  summary: 'The logged verdicts of one token, with the neighbours that check their links',
  description:
    'Free, never charged. The entries of the mint (one per model version that published a verdict for it) with their hashes and settled outcome, and the entries just before and after each, so the links `prev_hash` → `hash` can be checked without the whole log. A mint never published answers an empty `entries`.',
  request: { params: MintParams },
  responses: {
    200: jsonResponse(TrackRecordMintBody, 'Entries of the mint'),
    ...errorResponses(400, ...COMMON_ERRORS),
  },
});

const headOf = (e: PredictionEntry | null) =>
  e === null ? null : { seq: e.seq, hash: e.hash, published_at: e.published_at };

/** `GET /v1/track-record` and `GET /v1/track-record/{mint}` (free). */
export function registerTrackRecordRoutes(app: OpenAPIHono<AppEnv>, deps: AppDeps, track: TrackRecord): void {
  app.openapi(summaryRoute, async (c) => {
    const q = c.req.valid('query');
    const now = deps.now();
    if (q.format === 'ndjson') {
      const entries = await track.log.page(q.after_seq ?? 0, q.limit ?? 1000);
      const outcomes = await outcomesOf(
        deps.store,
        entries.map((e) => e.mint),
        now,
      );
      const last = entries.at(-1);
      const lines = entries.map((e) => JSON.stringify(lineOf(e, outcomes)));
      lines.push(
        JSON.stringify({
          _meta: freeMeta(c, deps, { asOf: now, coverage: entries.length === 0 ? 'none' : 'full' }),
          next_after_seq: entries.length === (q.limit ?? 1000) && last ? last.seq : null,
        }),
      );
      return c.body(`${lines.join('\n')}\n`, 200, { 'content-type': 'application/x-ndjson' }) as never;
    }
    const [summary, anchors] = await Promise.all([track.log.summary(), track.log.anchors()]);
    const base = new URL(c.req.url).origin;
    const says =
      summary.head === null
        ? 'No verdict published yet: the log is empty.'
        : `${summary.count} verdicts logged since ${summary.first_published_at}; head #${summary.head.seq} ${summary.head.hash.slice(0, 16)}…, ${anchors.length} anchor${anchors.length === 1 ? '' : 's'} on Solana.`;
    return c.json(
      {
        head: headOf(summary.head),
        count: summary.count,
        first_published_at: summary.first_published_at,
        last_published_at: summary.last_published_at,
        genesis_prev_hash: GENESIS_PREV_HASH,
        encoding: CANONICAL_ENCODING,
        verify: {
          steps: [
            'Page through the entries as NDJSON from after_seq=0 until next_after_seq is null.',
            'Check that seq runs 1, 2, 3, … with no gap, that each prev_hash equals the hash before it (64 zeros for seq 1), and recompute each hash from the encoding.',
            'For each anchor, fetch its transaction from a Solana RPC of its network: it must be signed by the signer and carry the memo `launchlens track-record seq=<seq> head=<head_hash>`, and the entry at that seq must have that hash.',
            'Recompute the live scorecard of GET /v1/scorecard from the entries with seq ≤ live.through_seq and outcomes settled after published_at and by live.as_of.',
          ],
          entries_url: `${base}/v1/track-record?format=ndjson&after_seq=0&limit=${MAX_ENTRIES_PAGE}`,
          command: `pnpm tsx examples/verify-track-record.ts --base ${base}${track.anchorTarget?.rpc_url ? ` --rpc ${track.anchorTarget.rpc_url}` : ''}`,
        },
        anchors: {
          schedule:
            'the head is anchored once a UTC day and at shutdown (and at start when the newest anchor is not on the current network)',
          target: track.anchorTarget,
          list: anchors,
        },
        says,
        _meta: freeMeta(c, deps, { asOf: now }),
      },
      200,
    );
  });

  app.openapi(mintRoute, async (c) => {
    const { mint } = c.req.valid('param');
    const now = deps.now();
    const [entries, summary] = await Promise.all([track.log.ofMint(mint), track.log.summary()]);
    const neighbours = await track.log.atSeqs(
      entries
        .flatMap((e) => [e.seq - 1, e.seq + 1])
        .filter((s) => s >= 1 && !entries.some((e) => e.seq === s)),
    );
    const outcomes = await outcomesOf(deps.store, [mint], now);
    const says =
      entries.length === 0
        ? `No verdict for ${mint} has been published yet.`
        : `${mint}: ${entries.map((e) => `#${e.seq} ${e.verdict}${e.rug_probability_pct === null ? '' : ` ${e.rug_probability_pct.toFixed(1)}%`} published ${e.published_at}`).join('; ')}.`;
    return c.json(
      {
        mint,
        entries: entries.map((e) => lineOf(e, outcomes)),
        neighbours,
        head: headOf(summary.head),
        says,
        _meta: freeMeta(c, deps, { asOf: now, coverage: entries.length === 0 ? 'none' : 'full' }),
      },
      200,
    );
  });
}
