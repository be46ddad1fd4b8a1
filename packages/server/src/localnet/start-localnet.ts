import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { USDC_MINT } from '../x402/x402-settings.js';
import { createLocalnetChain, type LocalnetChain } from './localnet-chain.js';
import { createLocalnetRpc } from './localnet-rpc.js';

export interface Localnet {
  /** Base URL of the JSON-RPC endpoint (POST `/`); the faucet is `POST /faucet`. */
  readonly url: string;
  readonly chain: LocalnetChain;
  close(): Promise<void>;
}

const FaucetRequest = z.object({
  owner: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
  usdc_micros: z.coerce
    .bigint()
    .nonnegative()
    .max(10n ** 15n)
    .default(0n),
  sol_lamports: z.coerce
    .bigint()
    .nonnegative()
    .max(10n ** 12n)
    .default(0n),
});

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Starts the development chain (DESIGN §6): LiteSVM with USDC at its mainnet address, a
 * loopback Solana JSON-RPC subset over it and a faucet (`POST /faucet {owner, usdc_micros,
 * sol_lamports}`), listening on 127.0.0.1 at a free port. Never started in production.
 */
export async function startLocalnet(
  options: { readonly usdcMint?: string; readonly port?: number } = {},
): Promise<Localnet> {
  const chain = createLocalnetChain({ usdcMint: options.usdcMint ?? USDC_MINT });
  const answer = createLocalnetRpc(chain);
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST')
      return send(405, { error: 'POST JSON-RPC to / or a faucet request to /faucet' });
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return send(400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    }
    if (req.url === '/faucet') {
      const parsed = FaucetRequest.safeParse(body);
      if (!parsed.success)
        return send(400, { error: parsed.error.issues[0]?.message ?? 'invalid faucet request' });
      const { owner, usdc_micros, sol_lamports } = parsed.data;
      const ata = await chain.fund(owner, usdc_micros, sol_lamports);
      return send(200, { owner, usdc_account: ata, usdc_micros: String(await chain.usdcBalance(owner)) });
    }
    send(
      200,
      Array.isArray(body)
        ? await Promise.all(body.map(answer))
        : await answer(body as Record<string, unknown>),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    chain,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
