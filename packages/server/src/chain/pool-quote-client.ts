import { constantProductQuote, type SwapQuoteResult } from '@launchlens/engine/internal';
import { CURVE_PARAMS } from '@launchlens/indexer';
import type { ChainReader } from './chain-reader.js';
import type { QuoteClient, QuoteRequest } from './quote-client.js';
import { WSOL_MINT } from './quote-client.js';

/**
 * Quotes straight from the reader's reserves (the simulated world has no aggregator): a migrated
 * token through its constant-product pool with the pool's fee, a curve token through its
 * bonding curve's virtual reserves with the platform's fee. Each quote reads the reserves as they
 * are: nothing executes, so a buy does not move the pool for the sell that follows it.
 */
export function createPoolQuoteClient(reader: ChainReader): QuoteClient {
  return {
    method:
      'Two quotes per rung (SOL in, then the tokens bought back to SOL) computed from the pool reserves of the simulated world with its constant-product maths and fees; nothing is signed or executed. It cannot see transfer hooks, seller blacklists, or trades landing between the quote and a real swap.',
    async quote(request: QuoteRequest): Promise<SwapQuoteResult> {
      const buying = request.input_mint === WSOL_MINT;
      const mint = buying ? request.output_mint : request.input_mint;
      if (!buying && request.output_mint !== WSOL_MINT) {
        return { kind: 'no_route', reason: 'only SOL pairs are quoted' };
      }
      const state = await reader.tokenState(mint);
      if (state.kind === 'unknown') return { kind: 'no_route', reason: 'no pool or curve for this mint' };
      if (state.kind === 'migrated') {
        if (state.pool === null) return { kind: 'no_route', reason: 'the pool is not visible' };
        const { pool } = state;
        return constantProductQuote(
          {
            reserve_in: buying ? pool.sol_lamports : pool.token_raw,
            reserve_out: buying ? pool.token_raw : pool.sol_lamports,
            fee_bps: pool.fee_bps,
            venue: pool.venue,
          },
          request.amount_raw,
        );
      }
      const p = CURVE_PARAMS[state.platform];
      const { curve } = state;
      const q = constantProductQuote(
        {
          reserve_in: buying ? curve.virtual_sol_lamports : curve.virtual_token_raw,
          reserve_out: buying ? curve.virtual_token_raw : curve.virtual_sol_lamports,
          fee_bps: p.protocolFeeBps + p.creatorFeeBps,
          venue: `${state.platform}_curve`,
        },
        request.amount_raw,
      );
      // A curve pays a sell out of the SOL it really holds (`BondingCurve.sell`).
      if (q.kind === 'quote' && !buying && q.out_raw > curve.real_sol_lamports) {
        if (curve.real_sol_lamports <= 0)
          return { kind: 'no_route', reason: 'the curve holds no SOL to pay a sell' };
        return { ...q, out_raw: curve.real_sol_lamports };
      }
      return q;
    },
    async solUsd() {
      const price = await reader.solUsd();
      if (price === null) throw new Error('the chain reader has no SOL price');
      return price;
    },
  };
}
