import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { freeMeta } from '../envelope/free-meta.js';
import type { RiskContext } from '../risk/risk-context.js';
import { scorecardForDay } from '../risk/scorecard-for-day.js';
import { keepLiveScorecard } from '../track-record/keep-live-scorecard.js';
import { LiveScorecardBody } from '../track-record/live-scorecard-body.js';
import { COMMON_ERRORS, errorResponses, jsonResponse, withMeta } from './openapi-parts.js';

const Band = z.object({
  n: z.int(),
  rugged: z.int(),
  hit_rate_pct: z.number().nullable(),
  interval_95: z.object({ lo_pct: z.number(), hi_pct: z.number() }),
  predicted_pct: z.number().nullable(),
});

const Window = z.object({
  label: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  n: z.int(),
  unknown_n: z.int(),
  rugged: z.int(),
  base_rate_pct: z.number().nullable(),
  brier: z.number().nullable(),
  ece: z.number().nullable(),
  auc: z.number().nullable(),
  bands: z.object({ extreme: Band, critical: Band, elevated: Band, low: Band }),
  reliability: z.array(
    z.object({
      lo: z.number(),
      hi: z.number(),
      n: z.int(),
      mean_predicted: z.number(),
      observed_rate: z.number(),
    }),
  ),
});

export const ScorecardBody = withMeta(
  z.object({
    as_of: z.string(),
    methods: z.object({ interval: z.string(), brier: z.string(), ece: z.string(), auc: z.string() }),
    windows: z.array(Window),
    sections: z.object({ windows: z.string(), live: z.string() }),
    live: LiveScorecardBody.nullable().openapi({
      description:
        'Verdicts of the prediction log (GET /v1/track-record) judged against outcomes settled after each was published; null on a server without the log',
    }),
    says: z.string(),
  }),
).openapi('Scorecard');

const route = createRoute({
  method: 'get',
  path: '/v1/scorecard',
  tags: ['free'],
  summary: 'Measured hit rate per risk band',
  description:
    'Free. Two sections. `windows` is a **backtest**: verdicts reconstructed at each token’s analysis moment (walk-forward, monthly refits), judged against outcomes settled since: per band n, rugged and hit rate with a Wilson 95 % interval; base rate, Brier, ECE and AUC; reliability points; for the last 30 and 90 days and all history; recomputed once per UTC day. `live` is the **live record**: the verdicts the service actually published, from its hash-chained prediction log (GET /v1/track-record), counting only outcomes that settled after publication and by `live.as_of` (per band n, hit rate with a Wilson 95 % interval, mean published probability, Brier; overall Brier and ECE); recomputed at most once a minute; `examples/verify-track-record.ts` recomputes it.',
  responses: { 200: jsonResponse(ScorecardBody, 'The scorecard'), ...errorResponses(...COMMON_ERRORS) },
});

const DAY_MS = 86_400_000;
const pct = (v: number | null) => (v === null ? 'n/a' : `${v.toFixed(1)}%`);

/** `GET /v1/scorecard`. */
export function registerScorecardRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps, risk: RiskContext): void {
  const liveCard = deps.trackRecord ? keepLiveScorecard(deps.trackRecord.log, deps.store) : null;
  app.openapi(route, async (c) => {
    const live = liveCard ? await liveCard(deps.now()) : null;
    const day = Math.floor(deps.now() / DAY_MS) * DAY_MS;
    const card = await scorecardForDay(deps.store, risk, Date.parse(deps.manifest.history_from), day);
    const recent = card.windows.find((w) => w.label === 'last_30d') ?? card.windows[0];
    const says =
      recent.n === 0
        ? 'No settled prediction in the last 30 days yet.'
        : `Backtest: over the last 30 days, ${recent.n} settled verdicts: extreme rugged ${pct(recent.bands.extreme.hit_rate_pct)}, low ${pct(recent.bands.low.hit_rate_pct)}, against a base rate of ${pct(recent.base_rate_pct)}.`;
    const liveSays =
      live === null
        ? ''
        : ` Live record: ${live.n} published verdicts settled after publication (${live.pending_n} pending, ${live.settled_before_publication_n} already settled when published, not counted)${live.n === 0 ? '' : `: extreme rugged ${pct(live.bands.extreme.hit_rate_pct)}, low ${pct(live.bands.low.hit_rate_pct)}`}.`;
    return c.json(
      {
        ...card,
        windows: card.windows.map((w) => ({ ...w, reliability: [...w.reliability] })),
        sections: {
          windows:
            'backtest: a walk-forward reconstruction of the verdicts over the history, not what was shown',
          live: 'live: the verdicts as published, from the hash-chained prediction log; outcomes settled after publication only',
        },
        live,
        says: `${says}${liveSays}`,
        _meta: freeMeta(c, deps, { asOf: day }),
      },
      200,
    );
  });
}
