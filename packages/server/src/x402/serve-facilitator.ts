import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FacilitatorClient } from '@x402/core/server';

export interface ServedFacilitator {
  /** Base URL for `X402_FACILITATOR_URL` (`/supported`, `/verify`, `/settle` below it). */
  readonly url: string;
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

/**
 * Serves a facilitator over the x402 facilitator HTTP API (`GET /supported`, `POST /verify`,
 * `POST /settle` with `{x402Version, paymentPayload, paymentRequirements}`), on 127.0.0.1: how
 * several replicas share one self-run facilitator through `X402_FACILITATOR_URL`.
 */
export async function serveFacilitator(facilitator: FacilitatorClient, port = 0): Promise<ServedFacilitator> {
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      if (req.method === 'GET' && req.url === '/supported')
        return send(200, await facilitator.getSupported());
      if (req.method === 'POST' && (req.url === '/verify' || req.url === '/settle')) {
        const body = await readJson(req);
        const payload = body.paymentPayload as Parameters<FacilitatorClient['verify']>[0];
        const requirements = body.paymentRequirements as Parameters<FacilitatorClient['verify']>[1];
        if (!payload || !requirements)
          return send(400, { error: 'paymentPayload and paymentRequirements are required' });
        return send(
          200,
          req.url === '/verify'
            ? await facilitator.verify(payload, requirements)
            : await facilitator.settle(payload, requirements),
        );
      }
      send(404, { error: 'GET /supported, POST /verify or POST /settle' });
    } catch (e) {
      send(500, { error: e instanceof Error ? e.message : String(e) });
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
