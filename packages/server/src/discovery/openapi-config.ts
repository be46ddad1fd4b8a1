import { ERROR_CODES } from '../errors/error-codes.js';

export const API_VERSION = '1.1.0';

const errorTable = Object.entries(ERROR_CODES)
  .map(([code, e]) => `| ${e.status} | \`${code}\` | ${e.description} |`)
  .join('\n');

/** The OpenAPI 3.1 document's fixed parts; paths and schemas come from the routes. */
export function openApiConfig(baseUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'launchlens — Solana Token Risk and Identity API',
      version: API_VERSION,
      description: [
        'Risk and identity intelligence for Solana tokens recorded at migration off pump.fun and letsbonk bonding curves.',
        '',
        'Every JSON response carries `_meta` (coverage, staleness, billing). Unknown tokens (`_meta.coverage` = `none`), empty results, failed and rate-limited calls are never charged.',
        'Pay per call with x402 (USDC on Solana) or with prepaid credits on an API key (`X-API-Key`); see `/auth.md`.',
        '',
        'Every non-2xx JSON body is `{error: {code, message, details?}, _meta}`. Error codes:',
        '',
        '| status | code | meaning |',
        '|---|---|---|',
        errorTable,
        '',
        'Every response carries `x-ratelimit-limit`, `x-ratelimit-remaining` and `x-ratelimit-reset` (seconds): 300 requests per minute per key, per client IP without one.',
      ].join('\n'),
    },
    servers: [{ url: baseUrl }],
    tags: [
      { name: 'free', description: 'Free, keyless operations' },
      { name: 'keys', description: 'API keys and credits' },
      { name: 'risk', description: 'Rug-risk verdicts, scorecard and cohorts' },
      { name: 'identity', description: 'Wallet identity, graphs and history' },
      { name: 'market', description: 'Catalogue, discovery, KOLs and price paths' },
      { name: 'discovery', description: 'Machine-readable descriptions of this API' },
    ],
  };
}
