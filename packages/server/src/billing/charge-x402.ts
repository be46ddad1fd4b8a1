import { decodePaymentSignatureHeader, encodePaymentResponseHeader } from '@x402/core/http';
import type { Network, PaymentPayload, PaymentRequirements, SettleResponse } from '@x402/core/types';
import { decodeTransactionFromPayload, transactionMessageHash } from '@x402/svm';
import type { Context } from 'hono';
import type { AppDeps } from '../app/app-deps.js';
import type { AppEnv } from '../app/app-env.js';
import type { Billing } from '../envelope/meta.js';
import type { PaymentOutcome } from '../ledger/payment-ledger.js';
import type { CallPrice } from '../pricing/price-of.js';
import { paymentRequirements } from '../x402/payment-challenge.js';
import { paymentChallengeError } from './payment-challenge-error.js';
import type { PaidAnswer } from './serve-paid.js';

export const PAYMENT_RESPONSE_HEADER = 'PAYMENT-RESPONSE';

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * One call paid with x402 (DESIGN §6): the proof must accept this call's canonical requirements;
 * its transaction-message hash is claimed in the ledger before verification (so a proof is
 * accepted once across concurrent requests, processes and restarts); the answer is computed;
 * only a billable answer is settled, and nothing is served when settlement fails.
 */
export async function chargeX402<A extends PaidAnswer<object>>(
  c: Context<AppEnv>,
  deps: AppDeps,
  price: CallPrice,
  header: string,
  compute: () => Promise<A>,
): Promise<{ answer: A; billing: Billing }> {
  const refuse = (
    code: 'payment_invalid' | 'payment_replayed' | 'payment_settlement_failed' | 'payment_not_supported',
    text: string,
    details?: Record<string, unknown>,
  ) => paymentChallengeError(c, deps, price, code, text, details);
  const gateway = deps.payments?.x402 ?? null;
  if (gateway === null)
    throw refuse(
      'payment_not_supported',
      'this server has no x402 facilitator configured; use a funded API key',
    );

  let payload: PaymentPayload;
  try {
    payload = decodePaymentSignatureHeader(header);
  } catch {
    throw refuse('payment_invalid', 'PAYMENT-SIGNATURE is not base64 of a JSON x402 payment payload');
  }
  const transaction = (payload as { payload?: { transaction?: unknown } } | null)?.payload?.transaction;
  if (payload?.x402Version !== 2 || typeof transaction !== 'string')
    throw refuse('payment_invalid', 'an x402 v2 payment payload carrying payload.transaction is expected');
  const requirements = paymentRequirements(price, deps.x402);
  const accepted: PaymentRequirements = {
    ...requirements,
    network: requirements.network as Network,
    extra: { ...requirements.extra },
  };
  if (!gateway.matches(accepted, payload))
    throw refuse(
      'payment_invalid',
      `the payment does not accept this call's requirements (${requirements.amount} base units of ${requirements.asset} to ${requirements.payTo})`,
    );
  let messageHash: string;
  try {
    messageHash = transactionMessageHash(decodeTransactionFromPayload({ transaction }));
  } catch {
    throw refuse('payment_invalid', 'the payment transaction cannot be decoded');
  }

  const claim = await deps.ledger.claimPayment({
    messageHash,
    route: price.route.id,
    requestId: c.get('requestId'),
    amountMicros: price.micros,
    payTo: requirements.payTo,
    at: deps.now(),
  });
  if (claim.kind === 'taken')
    throw refuse('payment_replayed', 'this payment proof was presented before; a proof is accepted once', {
      state: claim.state,
    });
  const finish = (outcome: PaymentOutcome) => deps.ledger.finishPayment(messageHash, outcome);

  let verified: Awaited<ReturnType<typeof gateway.verify>>;
  try {
    verified = await gateway.verify(payload, accepted);
  } catch (e) {
    verified = { isValid: false, invalidReason: 'facilitator_error', invalidMessage: message(e) };
  }
  if (!verified.isValid) {
    const reason = verified.invalidReason ?? 'invalid';
    await finish({ state: 'failed', reason, at: deps.now() });
    throw refuse('payment_invalid', `the payment did not verify: ${reason}`, {
      reason,
      ...(verified.invalidMessage ? { detail: verified.invalidMessage } : {}),
    });
  }

  let answer: A;
  try {
    answer = await compute();
  } catch (e) {
    await finish({ state: 'unbilled', reason: `error: ${message(e)}`.slice(0, 200), at: deps.now() });
    throw e;
  }
  if (!answer.billable) {
    await finish({ state: 'unbilled', reason: `not billable (coverage ${answer.coverage})`, at: deps.now() });
    return { answer, billing: { charged: false, method: 'x402', credits: 0, usd: '0' } };
  }

  let settled: SettleResponse;
  try {
    settled = await gateway.settle(payload, accepted);
  } catch (e) {
    settled = {
      success: false,
      errorReason: 'facilitator_error',
      errorMessage: message(e),
      transaction: '',
      network: accepted.network,
    };
  }
  if (!settled.success) {
    const reason = settled.errorReason ?? 'settlement_failed';
    await finish({ state: 'failed', reason, at: deps.now() });
    throw refuse(
      'payment_settlement_failed',
      `the payment could not be settled (${reason}); nothing was charged or served`,
      {
        reason,
      },
    );
  }
  await finish({
    state: 'settled',
    settlementTx: settled.transaction,
    payer: settled.payer ?? verified.payer ?? '',
    at: deps.now(),
  });
  c.header(PAYMENT_RESPONSE_HEADER, encodePaymentResponseHeader(settled));
  deps.metrics.charges.inc({ route: price.route.id, method: 'x402' });
  return {
    answer,
    billing: {
      charged: true,
      method: 'x402',
      credits: 0,
      usd: price.usd,
      settlement_tx: settled.transaction,
    },
  };
}
