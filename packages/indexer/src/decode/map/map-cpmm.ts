import { WSOL_MINT } from '../../events/programs.js';
import type { Invocation } from './invocation.js';
import type { InvocationMapper } from './map-invocations.js';
import { num } from './map-values.js';

/** Raydium CPMM swaps on SOL pairs → pool_trade. */
export function mapCpmm(m: InvocationMapper, i: number, inv: Invocation): void {
  m.recordEvents(i, inv);
  if (m.consumed.has(i) || inv.data === null) return;
  const ix = m.instruction(i, 'raydiumCpmm');
  if (ix === null || (ix.name !== 'swap_base_input' && ix.name !== 'swap_base_output')) return;
  const { pool_state, input_vault, output_vault, input_token_mint, output_token_mint, payer } = ix.accounts;
  if (!pool_state || !input_vault || !output_vault || !input_token_mint || !output_token_mint) {
    m.warn('missing_account', inv.programId, `${ix.name} ${i}`);
    return;
  }
  const solIn = input_token_mint === WSOL_MINT;
  if (!solIn && output_token_mint !== WSOL_MINT) return;
  const swap = m.eventsOf(inv, 'raydiumCpmm', 'SwapEvent')[0];
  let amountIn: bigint;
  let amountOut: bigint;
  if (swap !== undefined) {
    amountIn = swap.input_amount;
    amountOut = swap.output_amount;
  } else {
    const flow = m.vaultFlow(inv, input_vault, output_vault);
    if (flow === null || !flow.coinIn) {
      m.warn('missing_event', inv.programId, `${ix.name} ${i} has no SwapEvent or vault transfers`);
      return;
    }
    ({ amountIn, amountOut } = flow);
  }
  const inputAfter =
    m.tokenAccounts.get(input_vault)?.post ?? (swap ? swap.input_vault_before + amountIn : null);
  const outputAfter =
    m.tokenAccounts.get(output_vault)?.post ?? (swap ? swap.output_vault_before - amountOut : null);
  if (inputAfter === null || outputAfter === null) {
    m.warn('missing_account', inv.programId, `${ix.name} ${i}: vault balances`);
    return;
  }
  m.events.push({
    kind: 'pool_trade',
    ...m.header,
    mint: solIn ? output_token_mint : input_token_mint,
    pool: pool_state,
    wallet: payer ?? m.header.signer,
    side: solIn ? 'buy' : 'sell',
    sol_lamports: num(solIn ? amountIn : amountOut),
    token_raw: num(solIn ? amountOut : amountIn),
    pool_sol_lamports: num(solIn ? inputAfter : outputAfter),
    pool_token_raw: num(solIn ? outputAfter : inputAfter),
  });
}
