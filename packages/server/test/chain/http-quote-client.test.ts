import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkExit } from '../../src/chain/check-exit.js';
import { createHttpQuoteClient } from '../../src/chain/http-quote-client.js';
import { WSOL_MINT } from '../../src/chain/quote-client.js';
import { addr } from '../support/addr.js';
import { type QuoteApiServer, startQuoteApiServer } from './quote-api-server.js';

const DEEP = addr('deep-mint', 1);
const SHALLOW = addr('shallow-mint', 1);
let api: QuoteApiServer;

beforeAll(async () => {
  api = await startQuoteApiServer(
    [
      { mint: DEEP, sol_lamports: 800e9, token_raw: 2e14, fee_bps: 25 },
      { mint: SHALLOW, sol_lamports: 6e9, token_raw: 5e14, fee_bps: 25 },
    ],
    160,
  );
});
afterAll(() => api.close());

describe('the HTTP quote client against a loopback quote API', () => {
  test('reads amounts, route labels and the impact fraction as a percentage', async () => {
    const client = createHttpQuoteClient({ baseUrl: `${api.url}/` });
    const q = await client.quote({ input_mint: WSOL_MINT, output_mint: DEEP, amount_raw: 1e9 });
    expect(q).toMatchObject({ kind: 'quote', in_raw: 1e9, route: ['Pump.fun Amm'] });
    if (q.kind === 'quote') expect(q.price_impact_pct).toBeCloseTo((100 * 0.9975e9) / (800e9 + 0.9975e9), 6);
    expect(api.requests.at(-1)!.searchParams.get('amount')).toBe('1000000000');
    expect(await client.solUsd()).toBe(160);
  });

  test('a pair with no route is a no_route value, a 5xx is a thrown failure', async () => {
    const client = createHttpQuoteClient({ baseUrl: api.url });
    expect(await client.quote({ input_mint: WSOL_MINT, output_mint: addr('x', 1), amount_raw: 1e9 })).toEqual(
      {
        kind: 'no_route',
        reason: 'Could not find any route',
      },
    );
    api.failWith(502);
    await expect(client.quote({ input_mint: WSOL_MINT, output_mint: DEEP, amount_raw: 1e9 })).rejects.toThrow(
      /502/,
    );
    api.failWith(null);
  });

  test('the exit ladder over the API: a deep pool is clear, a 6 SOL pool is trapped at 1000 USD', async () => {
    const client = createHttpQuoteClient({ baseUrl: api.url });
    const deep = await checkExit(client, DEEP);
    expect(deep.checked_at_sol_usd).toBe(160);
    expect(deep.exit.verdict).toBe('clear');
    expect(deep.exit.ladder[0].sol_in).toBeCloseTo(100 / 160, 9);
    const shallow = await checkExit(client, SHALLOW);
    // 1000 USD = 6.25 SOL into a 6 SOL pool: S ÷ (S + 2n) ≈ 32 %.
    expect(shallow.exit.ladder[1].retained_pct).toBeLessThan(40);
    expect(shallow.exit.verdict).toBe('trapped');
    const none = await checkExit(client, addr('x', 2));
    expect(none.exit.verdict).toBe('blocked');
  });
});
