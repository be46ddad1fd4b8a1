import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { answerClientError } from './answer-client-error.js';

/**
 * Deadlines that close slow clients (DESIGN §5): a request's headers and whole body must arrive
 * within `requestMs` (Node answers 408 and closes the socket), an idle keep-alive connection is
 * closed after `keepAliveMs`; Node checks them every `checkEveryMs`. Responses (SSE streams
 * included) are not bounded by them.
 */
export interface ServerDeadlines {
  readonly headersMs: number;
  readonly requestMs: number;
  readonly keepAliveMs: number;
  readonly checkEveryMs: number;
}

export const SERVER_DEADLINES: ServerDeadlines = {
  headersMs: 10_000,
  requestMs: 10_000,
  keepAliveMs: 5_000,
  checkEveryMs: 1_000,
};

export interface StartServerOptions {
  readonly fetch: (request: Request) => Response | Promise<Response>;
  readonly port: number;
  readonly hostname: string;
  readonly deadlines?: ServerDeadlines;
  /** Run after the last in-flight request finished (close the ledger, the store). */
  readonly onClosed?: () => Promise<void>;
}

export interface RunningServer {
  readonly url: string;
  /** Stops accepting connections, lets in-flight requests finish, then runs `onClosed`. */
  stop(): Promise<void>;
}

/** Listens with `@hono/node-server`; resolves once the port is bound. */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const d = options.deadlines ?? SERVER_DEADLINES;
  const server = serve({
    fetch: options.fetch,
    port: options.port,
    hostname: options.hostname,
    serverOptions: {
      headersTimeout: d.headersMs,
      requestTimeout: d.requestMs,
      keepAliveTimeout: d.keepAliveMs,
      connectionsCheckingInterval: d.checkEveryMs,
    },
  });
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  let stopping: Promise<void> | null = null;
  return {
    url: `http://${options.hostname}:${port}`,
    stop() {
      stopping ??= new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      }).then(() => options.onClosed?.());
      return stopping;
    },
  };
}
