import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { freeMeta } from '../envelope/free-meta.js';
import { invalidInput } from '../errors/invalid-input.js';
import { ServerError } from '../errors/server-error.js';
import { creditsForDeposit } from '../payments/deposit-credits.js';
import { depositAddressOf, verifyKeyTransfer } from '../payments/verify-key-transfer.js';
import { MICROS_PER_USD } from '../pricing/price-table.js';
import { microsToUsd } from '../pricing/usd-micros.js';
import { WELCOME_BONUS } from './deposit-info-route.js';
import { COMMON_ERRORS, errorResponses, jsonResponse, withMeta } from './openapi-parts.js';

/** A transaction signature: base58 of 64 bytes. */
export const TxSignature = z
  .string()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'a base58 transaction signature')
  .openapi({ description: 'Signature of a settled USDC transfer to the deposit address' });

export const DepositRequest = z.object({ tx_signature: TxSignature }).strict().openapi('DepositRequest');

export const DepositBody = withMeta(
  z.object({
    status: z.enum(['credited', 'already_credited', 'pending']),
    tx_signature: z.string(),
    amount_usd: z.string().nullable(),
    credits: z.int().openapi({ description: 'Credits this deposit bought (0 while pending)' }),
    bonus_credits: z.int().openapi({ description: 'Welcome bonus granted with it (once per paying wallet)' }),
    balance_credits: z.int(),
    payer: z.string().nullable(),
    says: z.string(),
  }),
).openapi('Deposit');

const route = createRoute({
  method: 'post',
  path: '/v1/credits/deposit',
  tags: ['keys'],
  summary: 'Credit a USDC deposit to the presented key',
  description:
    "Free. The transaction is read at `finalized` from Solana: it must have succeeded and moved USDC (classic SPL Token) into the deposit address, and carry this key's `reference` (GET /v1/credits/deposit) or come from a wallet already bound to the key. A signature credits exactly once, at the package rate of its size; a paying wallet's first deposit of at least 10 USD also earns 10,000 welcome credits. Not yet finalized: 202 `pending`, nothing credited. Without a `tx_signature` (or a malformed one) it is 400 with the deposit address in `pay_to` beside the error.",
  security: [{ ApiKey: [] }],
  request: { body: { required: true, content: { 'application/json': { schema: DepositRequest } } } },
  responses: {
    200: jsonResponse(DepositBody, 'Credited (or credited before to this key)'),
    202: jsonResponse(DepositBody, 'Seen but not finalized yet: retry later'),
    ...errorResponses(400, 403, 404, 409, 413, 415, 422, 503, ...COMMON_ERRORS),
  },
});

/** `POST /v1/credits/deposit`. */
export function registerDepositCreditRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  app.openapi(
    route,
    async (c) => {
      const key = c.get('apiKey');
      if (key === null) throw new ServerError('api_key_required', 'send the key to credit in X-API-Key');
      const { tx_signature: signature } = c.req.valid('json');
      const transfer = await verifyKeyTransfer(deps, key, signature);
      if (transfer.kind === 'pending') {
        const body = {
          status: 'pending' as const,
          tx_signature: signature,
          amount_usd: null,
          credits: 0,
          bonus_credits: 0,
          balance_credits: key.credits,
          payer: null,
          says: `The transaction is ${transfer.confirmationStatus}, not finalized yet; nothing was credited. Post it again in a minute.`,
        };
        return c.json({ ...body, _meta: freeMeta(c, deps) }, 202);
      }
      const { deposit } = transfer;
      const result = await deps.ledger.creditDeposit({
        signature,
        keyId: key.id,
        payer: deposit.payer,
        amountMicros: deposit.amountMicros,
        credits: creditsForDeposit(deposit.amountMicros),
        welcome: {
          credits: WELCOME_BONUS.credits,
          minMicros: WELCOME_BONUS.min_deposit_usd * MICROS_PER_USD,
        },
        at: deps.now(),
      });
      if (result.kind === 'unknown_key')
        throw new ServerError('invalid_api_key', 'the API key was rotated during the call');
      const d = result.deposit;
      if (result.kind === 'duplicate' && d.key_id !== key.id)
        throw new ServerError('deposit_already_used', 'this transaction was already credited to another key');
      const balance =
        result.kind === 'credited' ? result.balance : ((await deps.ledger.findKeyById(key.id))?.credits ?? 0);
      const usd = microsToUsd(d.amount_micros);
      const body = {
        status: result.kind === 'credited' ? ('credited' as const) : ('already_credited' as const),
        tx_signature: signature,
        amount_usd: usd,
        credits: d.credits,
        bonus_credits: d.bonus_credits,
        balance_credits: balance,
        payer: d.payer,
        says:
          result.kind === 'credited'
            ? `${usd} USD from ${d.payer} bought ${d.credits} credits${d.bonus_credits > 0 ? ` plus a ${d.bonus_credits}-credit welcome bonus` : ''}; the key holds ${balance}.`
            : `This deposit was already credited to this key (${d.credits + d.bonus_credits} credits); nothing changed.`,
      };
      return c.json({ ...body, _meta: freeMeta(c, deps) }, 200);
    },
    (result) => {
      if (!result.success) throw withoutSignature(deps, invalidInput(result.error, result.target));
    },
  );
}

/**
 * A deposit posted without a (well-formed) `tx_signature` is 400 and, per API-SPEC §4.1, carries
 * the deposit address in `pay_to` beside the error, as `GET /v1/credits/deposit` does.
 */
function withoutSignature(deps: AppDeps, error: ServerError): ServerError {
  return new ServerError(error.code, `${error.message}; send USDC to pay_to, then post its tx_signature`, {
    details: error.details,
    body: { pay_to: depositAddressOf(deps) },
  });
}
