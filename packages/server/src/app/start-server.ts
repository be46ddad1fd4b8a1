import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

export interface StartServerOptions {
  readonly fetch: (request: Request) => Response | Promise<Response>;
  readonly port: number;
  readonly hostname: string;
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
  const server = serve({ fetch: options.fetch, port: options.port, hostname: options.hostname });
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
