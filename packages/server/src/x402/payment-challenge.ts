import type { CallPrice } from '../pricing/price-of.js';
import { MAX_TIMEOUT_S, X402_VERSION, type X402Settings } from './x402-settings.js';

/** The canonical x402 v2 payment requirements of one priced call (what the header carries). */
export interface PaymentRequirements {
  readonly scheme: 'exact';
  readonly network: string;
  readonly asset: string;
  readonly amount: string;
  readonly payTo: string;
  readonly maxTimeoutSeconds: number;
  readonly extra: { readonly feePayer?: string };
}

export interface PaymentChallenge {
  /** Base64 of the JSON `PaymentRequired` object, for the `PAYMENT-REQUIRED` header. */
  readonly header: string;
  /** Top-level body fields of the 402 (API-SPEC §5.1), beside `error` and `_meta`. */
  readonly body: Readonly<Record<string, unknown>>;
}

export interface ChallengeOptions {
  readonly price: CallPrice;
  readonly settings: X402Settings;
  /** Absolute URL of the requested resource. */
  readonly url: string;
  readonly method: string;
  readonly message: string;
}

/** Requirements for paying `price` in USDC, as a client must echo them back. */
export function paymentRequirements(price: CallPrice, settings: X402Settings): PaymentRequirements {
  return {
    scheme: 'exact',
    network: settings.network,
    asset: settings.asset,
    amount: String(price.micros),
    payTo: settings.payTo,
    maxTimeoutSeconds: MAX_TIMEOUT_S,
    extra: settings.feePayer === null ? {} : { feePayer: settings.feePayer },
  };
}

/**
 * The route's description; a paged route's says that the quote is for the pages asked: a challenge
 * is made before the answer exists, while a credit charge is for the pages delivered.
 */
function challengeDescription(price: CallPrice): string {
  const size = price.route.pageSize;
  if (size === undefined) return price.route.description;
  const pages = price.units === 1 ? '1 page' : `${price.units} pages`;
  return `${price.route.description}: quotes the ${pages} of ${size} rows asked (ceil(limit / ${size})), since it is made before the answer exists; paid with credits, only the pages delivered are charged`;
}

/**
 * The 402 challenge of API-SPEC §5.1: the `PAYMENT-REQUIRED` header holds the canonical x402 v2
 * `PaymentRequired` (the SDK matches `accepts` by deep equality); the body repeats it with the
 * spec's descriptive extras (`description`, `mimeType`, `outputSchema`, `price`, `protocols`).
 */
export function buildPaymentChallenge(options: ChallengeOptions): PaymentChallenge {
  const { price, settings } = options;
  const requirements = paymentRequirements(price, settings);
  const description = challengeDescription(price);
  const resource = { url: options.url, description, mimeType: 'application/json' };
  const header = Buffer.from(
    JSON.stringify({ x402Version: X402_VERSION, error: options.message, resource, accepts: [requirements] }),
  ).toString('base64');
  const accepts = [
    {
      ...requirements,
      description,
      mimeType: 'application/json',
      extra: { decimals: 6, ...requirements.extra, name: 'USD Coin' },
      outputSchema: {
        input: { discoverable: true, method: options.method, type: 'http' },
        output: { type: 'json' },
      },
    },
  ];
  return {
    header,
    body: {
      x402Version: X402_VERSION,
      resource,
      accepts,
      price: { amount: price.usd, currency: 'USD', mode: 'fixed' },
      protocols: [{ x402: {} }],
    },
  };
}
