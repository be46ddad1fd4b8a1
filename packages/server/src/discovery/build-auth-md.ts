import { PLAN_TIERS } from '../pricing/plan-ladder.js';
import { CREDITS_PER_USD } from '../pricing/price-table.js';
import { MAX_TIMEOUT_S, type X402Settings } from '../x402/x402-settings.js';

/** `/auth.md`: the two ways in (API-SPEC §5), with this server's network, asset and payTo. */
export function buildAuthMd(base: string, x402: X402Settings): string {
  const packages = PLAN_TIERS.map(
    (t) =>
      `| ${t.name} | ${t.usd_per_month} | ${(t.usd_per_month * t.credits_per_usd).toLocaleString('en')} |`,
  );
  return [
    '# Authentication',
    '',
    'Two ways in; no signup, account or human step. Free routes need neither.',
    '',
    '## 1. Pay per call (x402 v2, USDC on Solana)',
    '',
    '1. Call a priced route with no credentials. It answers **402** with the challenge in the body (`accepts`, `price`, `protocols`, `x402Version`: 2) and in the `PAYMENT-REQUIRED` header (base64 of JSON).',
    '2. Pay and resend the same request with the proof in the `PAYMENT-SIGNATURE` header. A proof is accepted exactly once.',
    `3. A blockhash lives about 60–90 s, so \`maxTimeoutSeconds\` is ${MAX_TIMEOUT_S}.`,
    '',
    `- scheme: \`exact\``,
    `- network: \`${x402.network}\``,
    `- asset (USDC): \`${x402.asset}\``,
    `- payTo: \`${x402.payTo}\``,
    `- prices: [${base}/.well-known/x402](${base}/.well-known/x402)`,
    '',
    'Unknown tokens, empty results and failed calls are not settled.',
    '',
    '## 2. Prepaid credits with an API key',
    '',
    '```sh',
    `curl -s -X POST ${base}/v1/keys -H 'Content-Type: application/json' -d '{}'`,
    '```',
    '',
    '1. `POST /v1/keys` with `Content-Type: application/json` and body `{}` returns the secret once (`api_key`): save it.',
    '2. Send it as the `X-API-Key` header. `GET /v1/credits/balance` shows the balance.',
    `3. A key starts empty. A call costs its USD price × ${CREDITS_PER_USD} credits; paged routes cost one price per page.`,
    '4. `POST /v1/keys/rotate` with the key returns a new secret; balance, plan and owner move to it and the old secret stops working at once.',
    '5. Streams need a funded key, not an x402 payment.',
    '',
    '### Funding a key with a USDC deposit',
    '',
    "1. `GET /v1/credits/deposit` with `X-API-Key` returns `pay_to`, this key's Solana Pay `reference` and a `solana_pay_url`.",
    '2. Send USDC (classic SPL Token program) to `pay_to` with the reference as a read-only account of the transfer (the Solana Pay URL does this). Later deposits from a wallet that funded this key before need no reference.',
    '3. `POST /v1/credits/deposit` with `{"tx_signature": "…"}` and the key. A finalized transfer is credited once at the package rate of its size; one not yet finalized answers 202 `pending` and credits nothing (post it again). A signature never credits twice, nor a transfer without the key\'s reference from a wallet not bound to it.',
    '4. The first deposit of 10 USD or more from a paying wallet adds a one-time welcome bonus of 10,000 credits (once per wallet, not per key).',
    '5. `GET /v1/plans` lists the monthly plans; `POST /v1/plans` with `{"tx_signature", "plan"}` starts or extends one through the same verification and raises the key\'s rate limit.',
    '',
    'Deposit packages (credits per deposit size):',
    '',
    '| package | deposit (USD) | credits |',
    '|---|---|---|',
    ...packages,
    '',
    '## Errors',
    '',
    '- 401: an `X-API-Key` that is not a live key (rotated keys included).',
    '- 402: no key or payment on a priced route, or too few credits; the body carries the challenge.',
    '- 415: a POST without `Content-Type: application/json`, answered before authentication.',
    '- 429: over 300 requests per minute (per key, else per IP); see `Retry-After`.',
    '',
  ].join('\n');
}
