import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback Solana JSON-RPC answering `getTransaction` (finalized) and `getSignatureStatuses`
 * from recorded mainnet responses, keyed by signature.
 */
export async function startFixtureRpc(transactions: ReadonlyMap<string, unknown>) {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const { id, method, params } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    let result: unknown = null;
    if (method === 'getTransaction') result = transactions.get(params[0]) ?? null;
    else if (method === 'getSignatureStatuses')
      result = {
        context: { slot: 1 },
        value: params[0].map((s: string) =>
          transactions.has(s) ? { confirmationStatus: 'finalized' } : null,
        ),
      };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id, result }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
