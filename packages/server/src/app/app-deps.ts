import type { Manifest, Queryable } from '@launchlens/engine';
import type { IdentityIndex } from '@launchlens/engine/internal';
import type { Context } from 'hono';
import type { Logger } from 'pino';
import type { ChainReader } from '../chain/chain-reader.js';
import type { QuoteClient } from '../chain/quote-client.js';
import type { Ledger } from '../ledger/ledger.js';
import type { RateLimiter } from '../limiter/rate-limiter.js';
import type { Metrics } from '../metrics/create-metrics.js';
import type { PaymentServices } from '../payments/payment-services.js';
import type { RiskContext } from '../risk/risk-context.js';
import type { StreamHub } from '../streams/stream-hub.js';
import type { TrackRecord } from '../track-record/track-record.js';
import type { X402Settings } from '../x402/x402-settings.js';

/** Everything the app needs, injected: `createApp` reads no environment and no globals. */
export interface AppDeps {
  /** The dataset (`DatasetStore` implements it). */
  readonly store: Queryable;
  readonly manifest: Manifest;
  readonly ledger: Ledger;
  readonly limiter: RateLimiter;
  readonly logger: Logger;
  readonly metrics: Metrics;
  readonly x402: X402Settings;
  /** x402 facilitator and Solana RPC for deposits; without them x402 and deposits answer unsupported. */
  readonly payments?: PaymentServices;
  /** The USDC address deposits for credits go to; `x402.payTo` when absent. */
  readonly depositAddress?: string;
  /** The live chain for changes, exit and analyze; without it those routes are not registered. */
  readonly chain?: ChainReader;
  /** Swap quotes for the exit ladder (with `chain`). */
  readonly quotes?: QuoteClient;
  /** The risk model; without one the routes that score tokens are not registered. */
  readonly risk?: RiskContext;
  /** The identity index of the served store (`DatasetStore.identityIndex`); routes fall back to the base tables without it. */
  readonly identityIndex?: () => IdentityIndex | undefined;
  /** The SSE fan-out over the event log; without it the stream routes are not registered. */
  readonly streams?: StreamHub;
  /** The hash-chained prediction log; without it verdicts are not logged and the track-record routes are not registered. */
  readonly trackRecord?: TrackRecord;
  readonly now: () => number;
  readonly newRequestId: () => string;
  /** The caller's address for keyless rate limiting; defaults to the socket's remote address. */
  readonly clientIp?: (c: Context) => string;
}
