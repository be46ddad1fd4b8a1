import type { SwapQuoteResult } from '@launchlens/engine/internal';
import { z } from 'zod';
import type { QuoteClient, QuoteRequest } from './quote-client.js';
import { USDC_MINT_ADDRESS, WSOL_MINT } from './quote-client.js';

export interface HttpQuoteClientOptions {
  /** Base URL of a Jupiter-compatible quote API (`GET {base}/quote`). */
  readonly baseUrl: string;
  /** Per request (default 10 s). */
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

/** The parts of a Jupiter-style `/quote` answer we read; `priceImpactPct` is a fraction (0.01 = 1 %). */
const QuoteAnswer = z.object({
  inAmount: z.string(),
  outAmount: z.string(),
  priceImpactPct: z.union([z.string(), z.number()]),
  routePlan: z.array(z.object({ swapInfo: z.object({ label: z.string().optional(), ammKey: z.string() }) })),
});

const LAMPORTS_PER_SOL = 1_000_000_000;

/** A swap-aggregator quote client over HTTP (Jupiter's `/quote` shape): quotes only, never a swap. */
export function createHttpQuoteClient(options: HttpQuoteClientOptions): QuoteClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  const quote = async (request: QuoteRequest): Promise<SwapQuoteResult> => {
    const url = new URL(`${base}/quote`);
    url.searchParams.set('inputMint', request.input_mint);
    url.searchParams.set('outputMint', request.output_mint);
    url.searchParams.set('amount', String(Math.floor(request.amount_raw)));
    url.searchParams.set('slippageBps', '50');
    const res = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {}
    if (!res.ok) {
      const reason = (body as { error?: unknown } | null)?.error;
      if (res.status >= 500) throw new Error(`quote API answered ${res.status}`);
      return {
        kind: 'no_route',
        reason: typeof reason === 'string' ? reason : `quote API answered ${res.status}`,
      };
    }
    const parsed = QuoteAnswer.safeParse(body);
    if (!parsed.success) throw new Error('quote API answer is not a quote');
    const q = parsed.data;
    const out = Number(q.outAmount);
    if (!(out > 0)) return { kind: 'no_route', reason: 'the route returns nothing for this size' };
    return {
      kind: 'quote',
      in_raw: Number(q.inAmount),
      out_raw: out,
      price_impact_pct: 100 * Number(q.priceImpactPct),
      route: q.routePlan.map((r) => r.swapInfo.label ?? r.swapInfo.ammKey),
    };
  };

  return {
    method: `Two quotes per rung from the swap aggregator at ${base} (SOL in, then the tokens bought back to SOL), both against the market as it is now; nothing is signed or built. A route existing does not prove execution: transfer hooks, seller-side blacklists and freezes are invisible to a quote.`,
    quote,
    async solUsd() {
      const q = await quote({
        input_mint: WSOL_MINT,
        output_mint: USDC_MINT_ADDRESS,
        amount_raw: LAMPORTS_PER_SOL,
      });
      if (q.kind === 'no_route') throw new Error(`no SOL/USDC quote: ${q.reason}`);
      return q.out_raw / 1e6;
    },
  };
}
