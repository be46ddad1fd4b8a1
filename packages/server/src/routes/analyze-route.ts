import { randomUUID } from 'node:crypto';
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { ScreenRecord } from '@launchlens/engine';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { servePaid } from '../billing/serve-paid.js';
import { type AnalysisJob, type AnalysisJobs, createAnalysisJobs } from '../chain/analysis-jobs.js';
import { analyzeCurve } from '../chain/analyze-curve.js';
import type { ChainReader } from '../chain/chain-reader.js';
import type { QuoteClient } from '../chain/quote-client.js';
import { readChain } from '../chain/read-chain.js';
import { freeMeta } from '../envelope/free-meta.js';
import { Meta } from '../envelope/meta.js';
import { ServerError } from '../errors/server-error.js';
import { priceOf } from '../pricing/price-of.js';
import type { RiskContext } from '../risk/risk-context.js';
import {
  API_KEY_SECURITY,
  COMMON_ERRORS,
  errorResponses,
  jsonResponse,
  PAID_ERRORS,
  withMeta,
} from './openapi-parts.js';
import { MintParams, NoRecordBody } from './params.js';

const Status = z.enum(['queued', 'running', 'complete', 'failed']);

export const AnalysisAccepted = z
  .object({ analysis_id: z.string(), status: Status, mint: z.string(), poll: z.string(), says: z.string() })
  .openapi('AnalysisAccepted');
export type AnalysisAccepted = z.infer<typeof AnalysisAccepted>;

export const AnalysisRecord = z
  .object({
    analysis_id: z.string(),
    mint: z.string(),
    status: Status,
    queued_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    /** The screen record built from the curve's events, when complete. */
    screen: ScreenRecord.nullable(),
    error: z.string().nullable(),
    says: z.string(),
  })
  .openapi('AnalysisRecord');

const postRoute = createRoute({
  method: 'post',
  path: '/v1/analyze/{mint}',
  tags: ['live'],
  summary: 'On-demand analysis of a bonding-curve token',
  description:
    'Body `{}`. A token that already migrated is refused with 409 `already_migrated` before payment (never charged); a mint with no bonding curve on chain is coverage `none`, not charged. Otherwise the call is paid first (5.00 USD), then a job is queued: 202 `{analysis_id, status: "queued"}`. Poll `GET /v1/analyze/{analysis_id}` (free): `queued → running → complete | failed`; a complete job carries the screen record built from the curve\'s events at the moment it ran.',
  security: API_KEY_SECURITY,
  request: {
    params: MintParams,
    body: { content: { 'application/json': { schema: z.object({}) } }, required: false },
  },
  responses: {
    202: jsonResponse(withMeta(AnalysisAccepted).openapi('AnalysisQueued'), 'Paid and queued'),
    200: jsonResponse(
      withMeta(NoRecordBody).openapi('AnalyzeNoRecord'),
      'No bonding curve for this mint (not charged)',
    ),
    ...errorResponses(...PAID_ERRORS, 409, 503),
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/v1/analyze/{analysis_id}',
  tags: ['live'],
  summary: 'Poll an on-demand analysis (free)',
  request: {
    params: z.object({
      analysis_id: z
        .string()
        .uuid({ error: 'analysis_id must be the id POST /v1/analyze answered' })
        .openapi({ param: { name: 'analysis_id', in: 'path' } }),
    }),
  },
  responses: {
    200: jsonResponse(AnalysisRecord.extend({ _meta: Meta }).openapi('Analysis'), 'The analysis'),
    ...errorResponses(400, 404, ...COMMON_ERRORS),
  },
});

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function recordOf(job: AnalysisJob) {
  const says =
    job.status === 'complete' && job.screen
      ? job.screen.says
      : job.status === 'failed'
        ? `The analysis of ${job.mint} failed: ${job.error}.`
        : `The analysis of ${job.mint} is ${job.status}; poll again in a few seconds.`;
  return {
    analysis_id: job.analysis_id,
    mint: job.mint,
    status: job.status,
    queued_at: iso(job.queued_at)!,
    started_at: iso(job.started_at),
    finished_at: iso(job.finished_at),
    screen: job.screen,
    error: job.error,
    says,
  };
}

/** `POST /v1/analyze/{mint}` (5.00 USD) and `GET /v1/analyze/{analysis_id}` (free); returns the job queue. */
export function registerAnalyzeRoutes(
  app: OpenAPIHono<AppEnv>,
  deps: AppDeps,
  risk: RiskContext,
  chain: ChainReader,
  quotes: QuoteClient | undefined,
): AnalysisJobs {
  const jobs = createAnalysisJobs({
    now: deps.now,
    onError: (job, e) => deps.logger.warn({ err: e, analysis_id: job.analysis_id }, 'analysis failed'),
    async run(mint) {
      const state = await chain.tokenState(mint);
      const events = await chain.curveEvents(mint);
      if (state.kind !== 'curve' || events === null) {
        throw new Error('the token left its bonding curve before the analysis ran');
      }
      const solUsd = (await chain.solUsd()) ?? (await quotes?.solUsd());
      if (solUsd === undefined) throw new Error('no SOL price to value the curve');
      const record = await analyzeCurve(mint, events, {
        store: deps.store,
        risk,
        at: state.at,
        solUsdAt: () => solUsd,
      });
      // Committed to the track record before the job shows it as complete.
      await deps.trackRecord?.publish(record, 'analyze', deps.now());
      return record;
    },
  });

  app.openapi(postRoute, async (c) => {
    const { mint } = c.req.valid('param');
    const state = await readChain('token state', () => chain.tokenState(mint));
    if (state.kind === 'migrated') {
      throw new ServerError(
        'already_migrated',
        `${mint} already migrated off its bonding curve: use GET /v1/screen/${mint} (not charged)`,
      );
    }
    const analysisId = randomUUID();
    const body = await servePaid<AnalysisAccepted | NoRecordBody>(c, deps, priceOf('analyze'), async () => {
      if (state.kind === 'unknown') {
        const reason = `${state.reason}; only bonding-curve tokens can be analysed; not charged`;
        return {
          body: { kind: 'none', subject: mint, reason, says: `Nothing to analyse at ${mint}: ${reason}.` },
          coverage: 'none',
          asOf: null,
          billable: false,
        };
      }
      return {
        body: {
          analysis_id: analysisId,
          status: 'queued',
          mint,
          poll: `/v1/analyze/${analysisId}`,
          says: `Paid; the analysis of ${mint} is queued. Poll /v1/analyze/${analysisId} (free).`,
        },
        coverage: 'full',
        asOf: state.at,
        billable: true,
      };
    });
    if ('kind' in body) return c.json(body, 200);
    // Paid (the debit above succeeded): only now does the job exist.
    jobs.enqueue(analysisId, mint);
    return c.json(body, 202);
  });

  app.openapi(getRoute, async (c) => {
    const { analysis_id } = c.req.valid('param');
    const job = jobs.get(analysis_id);
    if (!job) throw new ServerError('not_found', `no analysis ${analysis_id} on this server`);
    return c.json({ ...recordOf(job), _meta: freeMeta(c, deps, { asOf: job.finished_at }) }, 200);
  });
  return jobs;
}
