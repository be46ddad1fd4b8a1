import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { freeMeta } from '../envelope/free-meta.js';
import { ServerError } from '../errors/server-error.js';
import { verifyKeyTransfer } from '../payments/verify-key-transfer.js';
import { buildPlanLadder, PLAN_TIERS, Plan } from '../pricing/plan-ladder.js';
import { MICROS_PER_USD } from '../pricing/price-table.js';
import { microsToUsd } from '../pricing/usd-micros.js';
import { TxSignature } from './deposit-credit-route.js';
import { COMMON_ERRORS, errorResponses, jsonResponse, withMeta } from './openapi-parts.js';

/** A plan period lasts 30 days; paying again before it ends extends it from its end. */
export const PLAN_PERIOD_MS = 30 * 86_400_000;

export const PlanPaymentRequest = z
  .object({
    tx_signature: TxSignature,
    plan: z.enum(PLAN_TIERS.map((t) => t.name) as [string, ...string[]]),
  })
  .strict()
  .openapi('PlanPaymentRequest');

export const PlanPaymentBody = withMeta(
  z.object({
    status: z.enum(['started', 'extended', 'already_applied', 'pending']),
    tx_signature: z.string(),
    plan: z.string(),
    amount_usd: z.string().nullable(),
    credits: z
      .int()
      .openapi({ description: 'Credits granted with this payment (the plan rate on the whole amount)' }),
    started_at: z.string().nullable(),
    expires_at: z.string().nullable(),
    balance_credits: z.int(),
    says: z.string(),
  }),
).openapi('PlanPayment');

const pay = createRoute({
  method: 'post',
  path: '/v1/plans',
  tags: ['keys'],
  summary: 'Start or extend a monthly plan with a USDC payment',
  description:
    "Pay at least the plan's monthly USD to the deposit address (verified exactly as a deposit: finalized, classic SPL Token USDC, carrying the key's reference or from a wallet bound to the key), then post the signature with the plan name. The plan runs 30 days, or 30 more days from the end of a running one, and grants its credits (the plan rate on the whole amount). A signature is used once, as a plan or as a deposit.",
  security: [{ ApiKey: [] }],
  request: { body: { required: true, content: { 'application/json': { schema: PlanPaymentRequest } } } },
  responses: {
    200: jsonResponse(PlanPaymentBody, 'Plan started, extended, or already applied by this signature'),
    202: jsonResponse(PlanPaymentBody, 'Seen but not finalized yet: retry later'),
    ...errorResponses(400, 403, 404, 409, 413, 415, 422, 503, ...COMMON_ERRORS),
  },
});

const iso = (ms: number) => new Date(ms).toISOString();

export const PlansBody = withMeta(z.object({ plans: z.array(Plan), says: z.string() })).openapi('Plans');

const route = createRoute({
  method: 'get',
  path: '/v1/plans',
  tags: ['free'],
  summary: 'Monthly plan ladder',
  description:
    'Free and keyless, for human dashboards; agents pay per call. Each plan is a monthly credit grant priced at the deposit package rate of its size; `calls_per_month` is what those credits buy of each per-call route at the published price list.',
  responses: { 200: jsonResponse(PlansBody, 'The plans'), ...errorResponses(...COMMON_ERRORS) },
});

/** `GET /v1/plans` (the ladder) and `POST /v1/plans` (start or extend a plan with a USDC payment). */
export function registerPlansRoute(app: OpenAPIHono<AppEnv>, deps: AppDeps): void {
  const plans = buildPlanLadder();
  app.openapi(route, (c) => {
    const says = `${plans.length} monthly plans from ${plans[0].usd_per_month} to ${plans.at(-1)!.usd_per_month} USD; calls are priced by the same list as pay-per-call.`;
    return c.json({ plans, says, _meta: freeMeta(c, deps) }, 200);
  });

  app.openapi(pay, async (c) => {
    const key = c.get('apiKey');
    if (key === null) throw new ServerError('api_key_required', 'send the key the plan is for in X-API-Key');
    const { tx_signature: signature, plan } = c.req.valid('json');
    const tier = PLAN_TIERS.find((t) => t.name === plan)!;
    const transfer = await verifyKeyTransfer(deps, key, signature);
    if (transfer.kind === 'pending') {
      const body = {
        status: 'pending' as const,
        tx_signature: signature,
        plan,
        amount_usd: null,
        credits: 0,
        started_at: null,
        expires_at: null,
        balance_credits: key.credits,
        says: `The transaction is ${transfer.confirmationStatus}, not finalized yet; the plan is not started. Post it again in a minute.`,
      };
      return c.json({ ...body, _meta: freeMeta(c, deps) }, 202);
    }
    const { deposit } = transfer;
    const price = tier.usd_per_month * MICROS_PER_USD;
    if (deposit.amountMicros < price)
      throw new ServerError(
        'plan_underpaid',
        `plan ${plan} costs ${tier.usd_per_month} USD a month; this transfer paid ${microsToUsd(deposit.amountMicros)}`,
      );
    const before = await deps.ledger.planOf(key.id, deps.now());
    const result = await deps.ledger.payPlan({
      signature,
      keyId: key.id,
      payer: deposit.payer,
      amountMicros: deposit.amountMicros,
      plan,
      credits: Math.floor((deposit.amountMicros * tier.credits_per_usd) / MICROS_PER_USD),
      periodMs: PLAN_PERIOD_MS,
      at: deps.now(),
    });
    if (result.kind === 'unknown_key')
      throw new ServerError('invalid_api_key', 'the API key was rotated during the call');
    if (result.kind === 'duplicate') {
      if (result.deposit.key_id !== key.id || result.deposit.kind !== 'plan')
        throw new ServerError(
          'deposit_already_used',
          'this transaction was already used for credits or another key',
        );
      const period = await deps.ledger.planOf(key.id, deps.now());
      const body = {
        status: 'already_applied' as const,
        tx_signature: signature,
        plan: result.deposit.plan ?? plan,
        amount_usd: microsToUsd(result.deposit.amount_micros),
        credits: result.deposit.credits,
        started_at: period ? iso(period.started_at) : null,
        expires_at: period ? iso(period.expires_at) : null,
        balance_credits: (await deps.ledger.findKeyById(key.id))?.credits ?? 0,
        says: 'This payment was already applied to this key; nothing changed.',
      };
      return c.json({ ...body, _meta: freeMeta(c, deps) }, 200);
    }
    const { period } = result;
    const body = {
      status: before === null ? ('started' as const) : ('extended' as const),
      tx_signature: signature,
      plan,
      amount_usd: microsToUsd(deposit.amountMicros),
      credits: result.deposit.credits,
      started_at: iso(period.started_at),
      expires_at: iso(period.expires_at),
      balance_credits: result.balance,
      says: `Plan ${plan} runs until ${iso(period.expires_at)}; ${result.deposit.credits} credits added, the key holds ${result.balance}.`,
    };
    return c.json({ ...body, _meta: freeMeta(c, deps) }, 200);
  });
}
