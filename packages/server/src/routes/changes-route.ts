import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { servePaid } from '../billing/serve-paid.js';
import type { ChainReader } from '../chain/chain-reader.js';
import { changesSays } from '../chain/changes-says.js';
import { type BaselineHolder, compareHolders } from '../chain/compare-holders.js';
import { HolderChanges } from '../chain/holder-changes.js';
import { readChain } from '../chain/read-chain.js';
import { priceOf } from '../pricing/price-of.js';
import { openapiGet } from './openapi-get.js';
import { API_KEY_SECURITY, errorResponses, jsonResponse, PAID_ERRORS, withMeta } from './openapi-parts.js';
import { MintParams } from './params.js';

export const ChangesRecord = z
  .object({
    mint: z.string(),
    /** False when the index holds no holder baseline for the mint (not charged). */
    ready: z.boolean(),
    changes: HolderChanges.nullable(),
    says: z.string(),
  })
  .openapi('ChangesRecord');
export type ChangesRecord = z.infer<typeof ChangesRecord>;

export const ChangesBody = withMeta(ChangesRecord).openapi('Changes');

const route = createRoute({
  method: 'get',
  path: '/v1/changes/{mint}',
  tags: ['live'],
  summary: 'Live holders against the launch baseline',
  description:
    'Re-reads the holders from the chain now and compares them with the holders recorded at migration: who left, who reduced, who grew, who is new, and the supply behind each group and each launch role (creator, insiders, snipers, bundles). Never served from cache. `ready: false` when the index holds no baseline for the mint (unknown, or holder data lacking at analysis): not charged. A failed chain read is 503 `chain_unavailable`, not charged.',
  security: API_KEY_SECURITY,
  request: { params: MintParams },
  responses: { 200: jsonResponse(ChangesBody, 'The changes'), ...errorResponses(...PAID_ERRORS, 503) },
});

interface BaselineToken {
  readonly analyzed_at: number;
  readonly symbol: string | null;
  readonly skipped: boolean;
}

/** `GET /v1/changes/{mint}` (0.03 USD). */
export function registerChangesRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps, chain: ChainReader): void {
  openapiGet(app, route, async (c) => {
    const { mint } = c.req.valid('param');
    c.header('cache-control', 'no-store');
    const body = await servePaid<ChangesRecord>(c, deps, priceOf('changes'), async () => {
      const [token] = await deps.store.all<BaselineToken>(
        'SELECT epoch_ms(analyzed_at) AS analyzed_at, symbol, skipped FROM tokens WHERE mint = $mint',
        { mint },
      );
      const baseline =
        token === undefined || token.skipped
          ? []
          : await deps.store.all<BaselineHolder>(
              'SELECT wallet, supply_pct, is_creator, is_insider, is_sniper, is_bundle FROM holders WHERE mint = $mint AND supply_pct > 0',
              { mint },
            );
      if (token === undefined || baseline.length === 0) {
        const why =
          token === undefined
            ? 'the index holds no record of it (only tokens recorded at migration have a baseline)'
            : 'its holder data was lacking at analysis';
        return {
          body: {
            mint,
            ready: false,
            changes: null,
            says: `No holder baseline for ${mint}: ${why}; not charged.`,
          },
          coverage: 'none',
          asOf: null,
          billable: false,
        };
      }
      const live = await readChain('holders', () => chain.holders(mint));
      if (live === null) {
        return {
          body: {
            mint,
            ready: false,
            changes: null,
            says: `The chain shows no token accounts for ${mint} right now; not charged.`,
          },
          coverage: 'none',
          asOf: null,
          billable: false,
        };
      }
      const changes = compareHolders(baseline, token.analyzed_at, live, chain.source);
      return {
        body: {
          mint,
          ready: true,
          changes,
          says: changesSays(token.symbol ? `$${token.symbol}` : mint, changes),
        },
        coverage: 'full',
        asOf: live.at,
        billable: true,
      };
    });
    return c.json(body, 200);
  });
}
