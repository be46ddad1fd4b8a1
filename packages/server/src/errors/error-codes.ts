/**
 * The one table from error code to HTTP status (DESIGN §5). Every non-2xx JSON body is
 * `{error: {code, message, details?}, _meta}`; none of these responses is ever charged.
 */
export const ERROR_CODES = {
  invalid_input: {
    status: 400,
    description: 'A parameter or body field is invalid; the message names the bound.',
  },
  invalid_json: { status: 400, description: 'The request body is not valid JSON.' },
  invalid_api_key: {
    status: 401,
    description: 'The X-API-Key header is not a live key (unknown, malformed or rotated).',
  },
  api_key_required: { status: 401, description: 'This route acts on a key: send it in X-API-Key.' },
  payment_required: {
    status: 402,
    description:
      'A priced route was called without an API key or an x402 payment; the body carries the challenge.',
  },
  insufficient_credits: {
    status: 402,
    description: "The key's credit balance does not cover the call; the body carries the x402 challenge.",
  },
  payment_not_supported: {
    status: 402,
    description: 'This server has no x402 facilitator configured; pay with a funded API key.',
  },
  payment_invalid: {
    status: 402,
    description:
      "The PAYMENT-SIGNATURE does not decode, does not accept this call's requirements or does not verify; nothing is served.",
  },
  payment_replayed: {
    status: 402,
    description:
      'This x402 proof was presented before (a proof is accepted exactly once); nothing is served.',
  },
  payment_settlement_failed: {
    status: 402,
    description: 'The x402 payment verified but could not be settled; nothing is served or charged.',
  },
  deposit_not_bound: {
    status: 403,
    description:
      "The transfer carries neither this key's deposit reference nor comes from a wallet already bound to the key.",
  },
  deposit_not_found: {
    status: 404,
    description: 'No transaction with this signature is known to the Solana RPC.',
  },
  deposit_already_used: {
    status: 409,
    description: 'This transaction signature was already credited to another key.',
  },
  deposit_failed: {
    status: 422,
    description: 'The transaction failed on chain (`meta.err` is set); nothing moved.',
  },
  deposit_wrong_mint: { status: 422, description: 'The deposit address received a token other than USDC.' },
  deposit_wrong_token_program: {
    status: 422,
    description: 'The USDC moved through Token-2022; deposits use the classic SPL Token program.',
  },
  deposit_wrong_destination: {
    status: 422,
    description: 'No USDC reached the deposit address in this transaction.',
  },
  deposit_invalid: {
    status: 422,
    description: 'The transaction is not a USDC transfer from a wallet (no paying account).',
  },
  plan_underpaid: {
    status: 422,
    description: 'The transfer is smaller than the monthly price of the plan asked for.',
  },
  deposit_rpc_unavailable: {
    status: 503,
    description: 'No Solana RPC is configured for deposits, or it could not be reached; retry later.',
  },
  not_found: { status: 404, description: 'Unknown path; `details.paths` lists the real ones.' },
  method_not_allowed: {
    status: 405,
    description: 'Wrong method on a real path; the `Allow` header lists the right ones.',
  },
  already_migrated: { status: 409, description: 'Analyze was asked about a token that already migrated.' },
  chain_unavailable: {
    status: 503,
    description: 'The live chain read (RPC node or quote API) failed; retry later. Never charged.',
  },
  request_timeout: {
    status: 408,
    description:
      'The request body did not arrive within the deadline, or the client went away while it was read; never charged.',
  },
  payload_too_large: { status: 413, description: 'The request body is over 16 KiB.' },
  unsupported_media_type: {
    status: 415,
    description: 'A POST without `Content-Type: application/json` (checked before authentication).',
  },
  rate_limited: {
    status: 429,
    description: 'Over 300 requests per minute; retry after `Retry-After` seconds.',
  },
  not_implemented: {
    status: 501,
    description:
      'A valid request this server cannot answer yet (e.g. `report?depth=full` needs the live exit check).',
  },
  internal_error: {
    status: 500,
    description: 'An unexpected failure; the request id identifies it in the logs.',
  },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];
