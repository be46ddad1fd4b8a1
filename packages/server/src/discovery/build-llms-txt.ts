export interface GuideRoute {
  readonly method: string;
  readonly path: string;
  readonly summary: string;
  /** `free`, or the price with its unit (`0.001 USD per call`). */
  readonly price: string;
}

/** `/llms.txt` (llmstxt.org format): what the service is, the call order, and every route with its price. */
export function buildLlmsTxt(base: string, routes: readonly GuideRoute[]): string {
  const line = (r: GuideRoute) => `- [${r.method} ${r.path}](${base}${r.path}): ${r.summary} — ${r.price}`;
  const free = routes.filter((r) => r.price === 'free');
  const paid = routes.filter((r) => r.price !== 'free');
  return [
    '# launchlens',
    '',
    '> Solana token risk and identity API: calibrated rug verdicts, wallet identity, sibling-token history, cohort statistics and KOL tracking for pump.fun and letsbonk tokens recorded at migration. Pay per call with x402 (USDC on Solana) or prepaid credits on an API key.',
    '',
    'Rules that hold for every call: unknown tokens (`_meta.coverage` = `none`), empty results, failed calls and rate-limited calls are never charged. Every JSON response carries `_meta` with coverage, staleness and what the call cost. POST bodies must be JSON with `Content-Type: application/json` (send `{}` when empty).',
    '',
    'Suggested order: `GET /v1/coverage` (free; gives an `example_mint`), then discover, screen each candidate, inspect those flagged, identity at the decision point.',
    '',
    ...(routes.some((r) => r.path === '/v1/track-record')
      ? [
          'Track record: the first verdict published for each token is committed to a hash-chained log before the response shows it. `GET /v1/track-record` (free) gives the head, the encoding, the Solana memo anchors and the entries as NDJSON; `GET /v1/scorecard` has a `live` section judged only on outcomes settled after publication.',
          '',
        ]
      : []),
    '## Docs',
    '',
    `- [OpenAPI 3.1 description](${base}/openapi.json): every route, schema and error code`,
    `- [Authentication guide](${base}/auth.md): x402 pay-per-call and API keys with credits`,
    `- [Interactive reference](${base}/docs)`,
    `- [x402 price list](${base}/.well-known/x402): price, asset, network and payTo of every priced route`,
    '',
    '## Free operations',
    '',
    ...free.map(line),
    '',
    '## Paid operations',
    '',
    ...paid.map(line),
    '',
  ].join('\n');
}
