import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A recorded answer: `result` for a method whose first parameter is `key` (any first parameter when absent). */
export interface RecordedCall {
  readonly method: string;
  /** An address or signature, or a slot for `getBlock`. */
  readonly key?: string | number;
  /** Matches the request's config (second parameter), e.g. `{ encoding: 'base64' }`. */
  readonly config?: Readonly<Record<string, unknown>>;
  readonly result?: unknown;
  readonly error?: { readonly code: number; readonly message: string };
}

export interface JsonRpcReplayServer {
  readonly url: string;
  /** Calls answered, by method. */
  readonly calls: Record<string, number>;
  close(): Promise<void>;
}

const matches = (r: RecordedCall, method: string, params: unknown[]) => {
  if (r.method !== method) return false;
  if (r.key !== undefined && params[0] !== r.key) return false;
  if (r.config) {
    const config = (params[1] ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(r.config)) if (config[k] !== v) return false;
  }
  return true;
};

/**
 * A loopback Solana JSON-RPC server that answers from recorded responses (the first matching
 * record wins); a call with no record is JSON-RPC error -32601, as a node answers an unknown method.
 */
export async function startJsonRpcReplayServer(
  records: readonly RecordedCall[],
): Promise<JsonRpcReplayServer> {
  const calls: Record<string, number> = {};
  const server: Server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(text) as { id: number; method: string; params?: unknown[] };
      const params = body.params ?? [];
      calls[body.method] = (calls[body.method] ?? 0) + 1;
      const record = records.find((r) => matches(r, body.method, params));
      const answer =
        record === undefined
          ? {
              jsonrpc: '2.0',
              id: body.id,
              error: { code: -32601, message: `no recorded answer for ${body.method}` },
            }
          : record.error
            ? { jsonrpc: '2.0', id: body.id, error: record.error }
            : { jsonrpc: '2.0', id: body.id, result: record.result };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
