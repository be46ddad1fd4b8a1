import type { ServerResponse } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv, HeldCharge } from '../app/app-env.js';
import type { Ledger } from '../ledger/ledger.js';
import type { Metrics } from '../metrics/create-metrics.js';

/** The paid call a response in flight will post or void when it closes. */
const AWAITED = Symbol('awaited charge');
type Awaiting = ServerResponse & { [AWAITED]?: HeldCharge | undefined };

export interface PostOnDeliveryOptions {
  readonly ledger: Ledger;
  readonly logger: Logger;
  readonly metrics: Metrics;
  readonly now: () => number;
}

/**
 * The second phase of a credit charge (DESIGN §5 "Money moves only with a delivered answer"): the
 * reservation a paid call made is posted once its answer is handed to the socket (Node's `finish`:
 * the whole response was written to the kernel), and voided when the answer is an error or not
 * billable, when the client has gone before that (`close` without `finish`: a disconnect, a
 * parser-level 400 on the same socket, a deadline) or when the request died. Without a Node
 * socket (`app.request()`), handing over is returning the response.
 */
export function postOnDelivery(options: PostOnDeliveryOptions): MiddlewareHandler<AppEnv> {
  const end = async (held: HeldCharge, credits: number) => {
    try {
      const result = await options.ledger.post(held.reservationId, credits, options.now());
      if (result.kind === 'posted' && result.chargeId !== null) {
        options.metrics.charges.inc({ route: held.route, method: 'credits' });
        options.metrics.chargedCredits.inc({ route: held.route }, credits);
      }
    } catch (err) {
      options.logger.error({ request_id: held.requestId, err }, 'posting a reservation failed');
    }
  };
  // The reservation each response in flight will post or void when it closes: Node emits `close`
  // after `finish` (then `writableFinished` is true) or without it (the client has gone). One
  // listener shared by every response, rather than closures made per call; the hold rides on the
  // response itself.
  function settleOnClose(this: Awaiting) {
    const held = this[AWAITED];
    if (held === undefined) return;
    this[AWAITED] = undefined;
    void end(held, this.writableFinished ? held.credits : 0);
  }
  return async function postOnDeliveryMiddleware(c, next) {
    c.set('heldCharge', null);
    await next();
    const held = c.get('heldCharge');
    if (held === null) return;
    if (c.error !== undefined || c.res.status < 200 || c.res.status >= 300 || held.credits === 0) {
      await end(held, 0);
      return;
    }
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    if (outgoing === undefined) {
      await end(held, held.credits);
      return;
    }
    if (outgoing.destroyed || outgoing.socket === null || outgoing.socket.destroyed) {
      void end(held, 0);
      return;
    }
    (outgoing as Awaiting)[AWAITED] = held;
    outgoing.on('close', settleOnClose);
  };
}
