import type { Context } from 'hono';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import { appendMeta } from '../envelope/append-meta.js';
import { type Billing, buildMeta, type Coverage, type Meta } from '../envelope/meta.js';
import { ServerError } from '../errors/server-error.js';
import { requestHeader } from '../middleware/request-header.js';
import type { CallPrice } from '../pricing/price-of.js';
import { chargeX402 } from './charge-x402.js';
import { paymentChallengeError as challenge } from './payment-challenge-error.js';

/** What a paid route computed; `billable` is false for coverage `none` and empty results. */
export interface PaidAnswer<T> {
  readonly body: T;
  readonly coverage: Coverage;
  /** Capture time of the data (epoch ms), for `as_of` and `staleness_s`. */
  readonly asOf: number | null;
  readonly billable: boolean;
}

export const PAYMENT_SIGNATURE_HEADER = 'payment-signature';

/**
 * Serves one priced call (DESIGN §5): without a key it is the 402 challenge; with a key whose
 * balance cannot cover the price it is 402 before any work; otherwise the answer is computed
 * first and debited only when billable, atomically (`credits >= cost` in the debit transaction),
 * so a race lost to a parallel call is a 402 and never an overdraft.
 */
export async function servePaid<T extends object>(
  c: Context<AppEnv>,
  deps: AppDeps,
  price: CallPrice,
  compute: () => Promise<PaidAnswer<T>>,
): Promise<T & { _meta: Meta }> {
  const { answer, meta } = await chargeCall(c, deps, price, compute);
  return { ...answer.body, _meta: meta };
}

/**
 * `servePaid` for an answer kept as UTF-8 JSON (`utf8`, an object): the response bytes are that
 * object with `_meta` appended, so a kept record is neither serialized nor encoded again per call.
 */
export async function servePaidUtf8<T extends object>(
  c: Context<AppEnv>,
  deps: AppDeps,
  price: CallPrice,
  compute: () => Promise<PaidAnswer<T> & { readonly utf8: Uint8Array }>,
): Promise<Buffer<ArrayBuffer>> {
  const { answer, meta } = await chargeCall(c, deps, price, compute);
  return appendMeta(answer.utf8, meta);
}

// Not a closure in `chargeCall`: under tsx every named closure costs a `__name` defineProperty per call.
function insufficientCredits(c: Context<AppEnv>, deps: AppDeps, price: CallPrice, balance: number) {
  return challenge(
    c,
    deps,
    price,
    'insufficient_credits',
    `this call costs ${price.credits} credits; the key holds ${balance}`,
    { cost_credits: price.credits, balance_credits: balance },
  );
}

async function chargeCall<A extends PaidAnswer<object>>(
  c: Context<AppEnv>,
  deps: AppDeps,
  price: CallPrice,
  compute: () => Promise<A>,
): Promise<{ answer: A; meta: Meta }> {
  const key = c.get('apiKey');
  if (key === null) {
    const proof = requestHeader(c, PAYMENT_SIGNATURE_HEADER);
    if (proof !== undefined) {
      const { answer, billing } = await chargeX402(c, deps, price, proof, compute);
      const meta = buildMeta({
        coverage: answer.coverage,
        asOf: answer.asOf,
        now: deps.now(),
        requestId: c.get('requestId'),
        billing,
      });
      return { answer, meta };
    }
    throw challenge(
      c,
      deps,
      price,
      'payment_required',
      `this call costs ${price.usd} USD: pay with x402 or a funded API key`,
    );
  }
  if (key.credits < price.credits) throw insufficientCredits(c, deps, price, key.credits);

  const answer = await compute();
  const requestId = c.get('requestId');
  let billing: Billing = {
    charged: false,
    method: 'credits',
    credits: 0,
    usd: '0',
    balance_credits: key.credits,
  };
  if (answer.billable) {
    const now = deps.now();
    const debit = await deps.ledger.debit({
      keyId: key.id,
      credits: price.credits,
      route: price.route.id,
      requestId,
      at: now,
    });
    if (debit.kind === 'insufficient') throw insufficientCredits(c, deps, price, debit.balance);
    if (debit.kind === 'unknown_key')
      throw new ServerError('invalid_api_key', 'the API key was rotated during the call');
    deps.metrics.charges.inc({ route: price.route.id, method: 'credits' });
    deps.metrics.chargedCredits.inc({ route: price.route.id }, price.credits);
    billing = {
      charged: true,
      method: 'credits',
      credits: price.credits,
      usd: price.usd,
      balance_credits: debit.balance,
    };
  }
  return {
    answer,
    meta: buildMeta({ coverage: answer.coverage, asOf: answer.asOf, now: deps.now(), requestId, billing }),
  };
}
