import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { ExitRecord, exitSays } from '@launchlens/engine/internal';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { servePaid } from '../billing/serve-paid.js';
import type { ChainReader } from '../chain/chain-reader.js';
import { checkExit } from '../chain/check-exit.js';
import type { QuoteClient } from '../chain/quote-client.js';
import { readChain } from '../chain/read-chain.js';
import { priceOf } from '../pricing/price-of.js';
import { openapiGet } from './openapi-get.js';
import { API_KEY_SECURITY, errorResponses, jsonResponse, PAID_ERRORS, withMeta } from './openapi-parts.js';
import { MintParams, NoRecordBody } from './params.js';

export const ExitAnswer = z
  .object({
    mint: z.string(),
    exit: ExitRecord,
    checked_at_sol_usd: z.number(),
    method: z.string(),
    says: z.string(),
  })
  .openapi('ExitAnswer');
export type ExitAnswer = z.infer<typeof ExitAnswer>;

export const ExitBody = z
  .union([withMeta(ExitAnswer).openapi('ExitCheck'), withMeta(NoRecordBody).openapi('ExitNoRecord')])
  .openapi('ExitResponse');

const route = createRoute({
  method: 'get',
  path: '/v1/exit/{mint}',
  tags: ['live'],
  summary: 'Live sellability ladder',
  description:
    'Two swap quotes per rung at 100 and 1000 USD (SOL in, then the tokens bought back out); nothing is signed or built. `retained_pct` is the SOL the round trip returns; the verdict follows the worst rung: `clear` ≥ 85 %, `elevated` ≥ 70 %, `thin` ≥ 40 %, `trapped` below, `blocked` when a leg has no route. Ignores the index and is never cached. A mint with no pool or curve is coverage `none`, not charged; a failed quote source is 503 `chain_unavailable`, not charged.',
  security: API_KEY_SECURITY,
  request: { params: MintParams },
  responses: { 200: jsonResponse(ExitBody, 'The exit check'), ...errorResponses(...PAID_ERRORS, 503) },
});

/** The exit check of a mint, or null when the chain has no such token. */
export async function buildExitAnswer(
  chain: ChainReader,
  quotes: QuoteClient,
  mint: string,
): Promise<ExitAnswer | null> {
  const state = await readChain('token state', () => chain.tokenState(mint));
  const { exit, checked_at_sol_usd } = await readChain('swap quotes', () => checkExit(quotes, mint));
  // A mint the chain does not know and no venue will buy is no market at all, not a blocked exit.
  if (state.kind === 'unknown' && exit.ladder.every((r) => r.buy_route === null)) return null;
  return { mint, exit, checked_at_sol_usd, method: quotes.method, says: exitSays(mint, exit) };
}

/** `GET /v1/exit/{mint}` (0.01 USD). */
export function registerExitRoute(
  app: OpenAPIHono<AppEnv>,
  deps: AppDeps,
  chain: ChainReader,
  quotes: QuoteClient,
): void {
  openapiGet(app, route, async (c) => {
    const { mint } = c.req.valid('param');
    c.header('cache-control', 'no-store');
    const body = await servePaid<ExitAnswer | NoRecordBody>(c, deps, priceOf('exit'), async () => {
      const answer = await buildExitAnswer(chain, quotes, mint);
      if (answer === null) {
        const reason = 'the chain holds no pool or bonding curve for this mint; not charged';
        return {
          body: { kind: 'none', subject: mint, reason, says: `No market for ${mint}: ${reason}.` },
          coverage: 'none',
          asOf: null,
          billable: false,
        };
      }
      return { body: answer, coverage: 'full', asOf: deps.now(), billable: true };
    });
    return c.json(body, 200);
  });
}
