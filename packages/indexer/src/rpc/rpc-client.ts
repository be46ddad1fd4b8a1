import { IndexerError } from '../indexer-error.js';
import { type BackoffOptions, backoffDelay, DEFAULT_BACKOFF } from './backoff-delay.js';
import { Semaphore } from './semaphore.js';
import { TokenBucket } from './token-bucket.js';

export interface RpcClientOptions {
  readonly url: string;
  /** Requests per second the token bucket allows (default 20). */
  readonly ratePerS?: number;
  /** Bucket size (default = ratePerS). */
  readonly burst?: number;
  /** Requests in flight at once (default 8). */
  readonly maxInFlight?: number;
  /** Retries after the first attempt (default 5). */
  readonly maxRetries?: number;
  readonly backoff?: BackoffOptions;
  /** Most HTTP requests this client sends in its life, retries included (default unbounded). */
  readonly budget?: number;
  /** Per request (default 30 s). */
  readonly timeoutMs?: number;
  /** Jitter source, [0, 1) (default Math.random). */
  readonly random?: () => number;
}

export interface RpcClientStats {
  requests: number;
  retries: number;
  /** HTTP 429 or JSON-RPC -32005 answers. */
  rateLimited: number;
  /** HTTP 5xx answers and network failures. */
  serverErrors: number;
  /** Bodies that were not a JSON-RPC response. */
  malformed: number;
  /** JSON-RPC errors that were not retried. */
  rpcErrors: number;
  /** Calls that failed after their retries. */
  failures: number;
}

export interface RpcClient {
  /** Calls a JSON-RPC method; the result is `unknown` until the caller validates it. */
  call(method: string, params: readonly unknown[]): Promise<unknown>;
  readonly stats: Readonly<RpcClientStats>;
  /** Requests left in the budget. */
  budgetLeft(): number;
}

/** JSON-RPC codes worth another try: -32005 node behind / rate limited, -32004 and -32014 block not yet available. */
const RETRYABLE_RPC = new Set([-32005, -32004, -32014]);
const RATE_LIMIT_RPC = -32005;

type Attempt =
  | { readonly kind: 'ok'; readonly result: unknown }
  | { readonly kind: 'rpc_error'; readonly code: number; readonly message: string }
  | { readonly kind: 'retry'; readonly why: string; readonly waitMs: number | null };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A JSON-RPC client over `fetch`: token-bucket rate limit, retries with backoff and jitter, a request budget. */
export function createRpcClient(options: RpcClientOptions): RpcClient {
  const ratePerS = options.ratePerS ?? 20;
  const bucket = new TokenBucket({ ratePerS, burst: options.burst ?? ratePerS }, performance.now());
  const inFlight = new Semaphore(options.maxInFlight ?? 8);
  const maxRetries = options.maxRetries ?? 5;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const random = options.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? 30_000;
  let budget = options.budget ?? Number.POSITIVE_INFINITY;
  let nextId = 1;
  const stats: RpcClientStats = {
    requests: 0,
    retries: 0,
    rateLimited: 0,
    serverErrors: 0,
    malformed: 0,
    rpcErrors: 0,
    failures: 0,
  };

  const acquire = async () => {
    for (;;) {
      const wait = bucket.take(performance.now());
      if (wait === 0) return;
      await sleep(wait);
    }
  };

  const attempt = async (method: string, params: readonly unknown[]): Promise<Attempt> => {
    const id = nextId++;
    let response: Response;
    try {
      response = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      stats.serverErrors++;
      return { kind: 'retry', why: `network: ${(e as Error).message}`, waitMs: null };
    }
    const text = await response.text().catch(() => null);
    if (response.status === 429) {
      stats.rateLimited++;
      const after = Number(response.headers.get('retry-after'));
      return {
        kind: 'retry',
        why: 'HTTP 429',
        waitMs: Number.isFinite(after) && after > 0 ? after * 1000 : null,
      };
    }
    if (response.status >= 500) {
      stats.serverErrors++;
      return { kind: 'retry', why: `HTTP ${response.status}`, waitMs: null };
    }
    let body: unknown;
    try {
      body = text === null ? null : JSON.parse(text);
    } catch {
      body = null;
    }
    const envelope = body as {
      id?: unknown;
      result?: unknown;
      error?: { code?: unknown; message?: unknown };
    };
    if (envelope === null || typeof envelope !== 'object' || envelope.id !== id) {
      stats.malformed++;
      return { kind: 'retry', why: `malformed response (HTTP ${response.status})`, waitMs: null };
    }
    if (envelope.error !== undefined && envelope.error !== null) {
      const code = typeof envelope.error.code === 'number' ? envelope.error.code : 0;
      const message = typeof envelope.error.message === 'string' ? envelope.error.message : '';
      if (code === RATE_LIMIT_RPC) stats.rateLimited++;
      if (RETRYABLE_RPC.has(code)) return { kind: 'retry', why: `RPC ${code} ${message}`, waitMs: null };
      stats.rpcErrors++;
      return { kind: 'rpc_error', code, message };
    }
    if (!('result' in envelope)) {
      stats.malformed++;
      return { kind: 'retry', why: 'response without result', waitMs: null };
    }
    return { kind: 'ok', result: envelope.result };
  };

  const call = async (method: string, params: readonly unknown[]): Promise<unknown> => {
    let last = '';
    for (let i = 0; i <= maxRetries; i++) {
      if (budget <= 0) {
        stats.failures++;
        throw new IndexerError('rpc_budget_exhausted', `RPC request budget used up before ${method}`);
      }
      budget--;
      await acquire();
      const out = await inFlight.run(() => {
        stats.requests++;
        return attempt(method, params);
      });
      if (out.kind === 'ok') return out.result;
      if (out.kind === 'rpc_error') {
        throw new IndexerError('rpc_error', `${method}: RPC error ${out.code} ${out.message}`, {
          code: out.code,
          message: out.message,
        });
      }
      last = out.why;
      if (i === maxRetries) break;
      stats.retries++;
      const delay = out.waitMs ?? backoffDelay(i, backoff, random());
      if (out.why === 'HTTP 429' || out.why.startsWith(`RPC ${RATE_LIMIT_RPC}`))
        bucket.pause(performance.now(), delay);
      await sleep(delay);
    }
    stats.failures++;
    throw new IndexerError('rpc_failed', `${method} failed after ${maxRetries + 1} attempts: ${last}`);
  };

  return { call, stats, budgetLeft: () => budget };
}
