import { WSOL_MINT } from '../../events/programs.js';
import type { Invocation } from './invocation.js';
import type { InvocationMapper } from './map-invocations.js';
import { num } from './map-values.js';

/** PumpSwap buy/sell (+ BuyEvent/SellEvent) → pool_trade; the SOL side decides buy or sell. */
export function mapPumpSwap(m: InvocationMapper, i: number, inv: Invocation): void {
  const ix = inv.data === null ? null : m.instruction(i, 'pumpswap');
  m.recordEvents(i, inv);
  if (ix === null) return;
  if (ix.name !== 'buy' && ix.name !== 'sell' && ix.name !== 'buy_exact_quote_in') return;
  const { pool, base_mint, quote_mint, pool_base_token_account, pool_quote_token_account } = ix.accounts;
  if (!pool || !base_mint || !quote_mint || !pool_base_token_account || !pool_quote_token_account) {
    m.warn('missing_account', inv.programId, `${ix.name} ${i}`);
    return;
  }
  const quoteIsSol = quote_mint === WSOL_MINT;
  if (!quoteIsSol && base_mint !== WSOL_MINT) return;
  const buys = m.eventsOf(inv, 'pumpswap', 'BuyEvent');
  const sells = m.eventsOf(inv, 'pumpswap', 'SellEvent');
  const solVault = quoteIsSol ? pool_quote_token_account : pool_base_token_account;
  const tokenVault = quoteIsSol ? pool_base_token_account : pool_quote_token_account;
  let base: bigint;
  let quote: bigint;
  let baseOut: boolean;
  let after: { base: bigint; quote: bigint };
  const buy = buys[0];
  const sell = sells[0];
  if (buy !== undefined) {
    base = buy.base_amount_out;
    quote = buy.quote_amount_in;
    baseOut = true;
    after = {
      base: buy.pool_base_token_reserves - buy.base_amount_out,
      quote: buy.pool_quote_token_reserves + buy.quote_amount_in_with_lp_fee,
    };
  } else if (sell !== undefined) {
    base = sell.base_amount_in;
    quote = sell.quote_amount_out;
    baseOut = false;
    after = {
      base: sell.pool_base_token_reserves + sell.base_amount_in,
      quote: sell.pool_quote_token_reserves - sell.quote_amount_out_without_lp_fee,
    };
  } else {
    m.warn('missing_event', inv.programId, `${ix.name} ${i} has no BuyEvent/SellEvent`);
    return;
  }
  const wallet = buy?.user ?? sell?.user ?? ix.accounts.user ?? m.header.signer;
  const mint = quoteIsSol ? base_mint : quote_mint;
  // Event reserves are read before the swap; the vault balances after the transaction win when present.
  const solAfter = m.tokenAccounts.get(solVault)?.post ?? (quoteIsSol ? after.quote : after.base);
  const tokenAfter = m.tokenAccounts.get(tokenVault)?.post ?? (quoteIsSol ? after.base : after.quote);
  m.events.push({
    kind: 'pool_trade',
    ...m.header,
    mint,
    pool,
    wallet,
    side: baseOut === quoteIsSol ? 'buy' : 'sell',
    sol_lamports: num(quoteIsSol ? quote : base),
    token_raw: num(quoteIsSol ? base : quote),
    pool_sol_lamports: num(solAfter),
    pool_token_raw: num(tokenAfter),
  });
}
