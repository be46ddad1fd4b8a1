import type { Context } from 'hono';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv, HeldCharge } from '../app/app-env.js';
import { appendMeta } from '../envelope/append-meta.js';
import { type Billing, buildMeta, type Coverage, type Meta } from '../envelope/meta.js';
import { ServerError } from '../errors/server-error.js';
import { requestHeader } from '../middleware/request-header.js';
import { type CallPrice, priceOf } from '../pricing/price-of.js';
import type { PricedRouteId } from '../pricing/price-table.js';
import { screenEntryOf } from '../risk/screen-record-of.js';
import { isSolanaAddress } from '../routes/params.js';
import { chargeX402 } from './charge-x402.js';
import { paymentChallengeError as challenge } from './payment-challenge-error.js';

/** What a paid route computed; `billable` is false for coverage `none` and empty results. */
export interface PaidAnswer<T> {
  readonly body: T;
  readonly coverage: Coverage;
  /** Capture time of the data (epoch ms), for `as_of` and `staleness_s`. */
  readonly asOf: number | null;
  readonly billable: boolean;
  /** Rows delivered by a paged route: paid with credits it is charged `ceil(rows / page size)` pages. */
  readonly rows?: number;
}

export const PAYMENT_SIGNATURE_HEADER = 'payment-signature';

/**
 * Serves one priced call (DESIGN §5): without a key it is the 402 challenge; with a key whose
 * available balance cannot cover the price it is 402 before any work; otherwise the price is
 * reserved (`credits − held >= cost`, so a race lost to a parallel call is a 402, never an
 * overdraft), the answer computed, and `postOnDelivery` posts what a billable answer is worth once
 * it is handed over, or voids the reservation. HEAD is answered like GET and never charged.
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

/** The 402 of a key whose available balance does not cover the price (charged nothing). */
function insufficientCredits(
  c: Context<AppEnv>,
  deps: AppDeps,
  price: CallPrice,
  balance: number,
  coverage: Coverage,
) {
  return challenge(
    c,
    deps,
    price,
    'insufficient_credits',
    `this call costs ${price.credits} credits; the key holds ${balance} available`,
    { cost_credits: price.credits, balance_credits: balance },
    coverage,
  );
}

/** The price of what was delivered: a paged route's pages delivered, never more than asked. */
function deliveredPrice(price: CallPrice, rows: number | undefined): CallPrice {
  if (rows === undefined || price.route.pageSize === undefined) return price;
  const delivered = priceOf(price.route.id as PricedRouteId, { limit: Math.max(1, rows) });
  return delivered.units < price.units ? delivered : price;
}

/** Coverage a refused call reports: what is held of the `{mint}` it names (charged nothing). */
async function heldCoverage(c: Context<AppEnv>, deps: AppDeps): Promise<Coverage> {
  const mint = c.req.param('mint');
  if (mint === undefined || deps.risk === undefined || !isSolanaAddress(mint)) return 'none';
  return (await screenEntryOf(deps.store, deps.risk, mint, deps.now())) === null ? 'none' : 'full';
}

async function chargeCall<A extends PaidAnswer<object>>(
  c: Context<AppEnv>,
  deps: AppDeps,
  price: CallPrice,
  compute: () => Promise<A>,
): Promise<{ answer: A; meta: Meta }> {
  const key = c.get('apiKey');
  const requestId = c.get('requestId');
  const head = c.req.method === 'HEAD';
  if (key === null) {
    const proof = requestHeader(c, PAYMENT_SIGNATURE_HEADER);
    if (proof !== undefined && !head) {
      const { answer, billing } = await chargeX402(c, deps, price, proof, compute);
      const meta = buildMeta({
        coverage: answer.coverage,
        asOf: answer.asOf,
        now: deps.now(),
        requestId,
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
      undefined,
      await heldCoverage(c, deps),
    );
  }
  if (key.credits < price.credits)
    throw insufficientCredits(c, deps, price, key.credits, await heldCoverage(c, deps));
  if (head) {
    // HEAD answers like GET without a body and is never charged (DESIGN §5): nothing is reserved.
    const answer = await compute();
    const billing: Billing = {
      charged: false,
      method: 'credits',
      credits: 0,
      usd: '0',
      balance_credits: key.credits,
    };
    return {
      answer,
      meta: buildMeta({ coverage: answer.coverage, asOf: answer.asOf, now: deps.now(), requestId, billing }),
    };
  }

  // Two-phase charge: hold the asked price now; `postOnDelivery` posts what this answer is worth
  // once it is handed to the socket, or voids the hold.
  const reserved = await deps.ledger.reserve({
    keyId: key.id,
    credits: price.credits,
    route: price.route.id,
    requestId,
    at: deps.now(),
  });
  if (reserved.kind === 'insufficient')
    throw insufficientCredits(c, deps, price, reserved.balance, await heldCoverage(c, deps));
  if (reserved.kind === 'unknown_key')
    throw new ServerError('invalid_api_key', 'the API key was rotated during the call');
  const held: HeldCharge = {
    reservationId: reserved.reservationId,
    route: price.route.id,
    requestId,
    credits: 0,
  };
  c.set('heldCharge', held);

  const answer = await compute();
  let billing: Billing;
  if (answer.billable) {
    const charged = deliveredPrice(price, answer.rows);
    held.credits = charged.credits;
    billing = {
      charged: true,
      method: 'credits',
      credits: charged.credits,
      usd: charged.usd,
      balance_credits: reserved.available + price.credits - charged.credits,
    };
  } else {
    billing = {
      charged: false,
      method: 'credits',
      credits: 0,
      usd: '0',
      balance_credits: reserved.available + price.credits,
    };
  }
  return {
    answer,
    meta: buildMeta({ coverage: answer.coverage, asOf: answer.asOf, now: deps.now(), requestId, billing }),
  };
}
