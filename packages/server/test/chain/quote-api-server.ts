import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constantProductQuote } from '@launchlens/engine/internal';
import { USDC_MINT_ADDRESS, WSOL_MINT } from '../../src/chain/quote-client.js';

/** A constructed constant-product pool of SOL against one mint. */
export interface TestPool {
  readonly mint: string;
  readonly sol_lamports: number;
  readonly token_raw: number;
  readonly fee_bps: number;
}

export interface QuoteApiServer {
  readonly url: string;
  readonly requests: URL[];
  /** Answers every later request with this HTTP status. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

/**
 * A loopback swap-aggregator quote API in Jupiter's `/quote` shape over constructed pools, and a
 * SOL/USDC pool at `solUsd`; an unknown pair is 400 `COULD_NOT_FIND_ANY_ROUTE`.
 */
export async function startQuoteApiServer(
  pools: readonly TestPool[],
  solUsd: number,
): Promise<QuoteApiServer> {
  const requests: URL[] = [];
  let failing: number | null = null;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (failing !== null) return send(failing, { error: 'upstream down' });
    if (url.pathname !== '/quote') return send(404, { error: 'not found' });
    const input = url.searchParams.get('inputMint');
    const output = url.searchParams.get('outputMint');
    const amount = Number(url.searchParams.get('amount'));
    if (input === WSOL_MINT && output === USDC_MINT_ADDRESS) {
      return send(200, {
        inAmount: String(amount),
        outAmount: String(Math.floor((amount / 1e9) * solUsd * 1e6)),
        priceImpactPct: '0',
        routePlan: [{ swapInfo: { ammKey: 'usdc-pool', label: 'Whirlpool' } }],
      });
    }
    const buying = input === WSOL_MINT;
    const pool = pools.find((p) => p.mint === (buying ? output : input));
    if (!pool || (!buying && output !== WSOL_MINT)) {
      return send(400, { error: 'Could not find any route', errorCode: 'COULD_NOT_FIND_ANY_ROUTE' });
    }
    const q = constantProductQuote(
      {
        reserve_in: buying ? pool.sol_lamports : pool.token_raw,
        reserve_out: buying ? pool.token_raw : pool.sol_lamports,
        fee_bps: pool.fee_bps,
        venue: 'Pump.fun Amm',
      },
      amount,
    );
    if (q.kind === 'no_route') return send(400, { error: q.reason, errorCode: 'NO_ROUTES_FOUND' });
    return send(200, {
      inAmount: String(q.in_raw),
      outAmount: String(q.out_raw),
      priceImpactPct: String(q.price_impact_pct / 100),
      routePlan: [{ swapInfo: { ammKey: `pool-${pool.mint}`, label: 'Pump.fun Amm' } }],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failWith(status) {
      failing = status;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
