import type { Invocation } from './invocation.js';
import type { InvocationMapper } from './map-invocations.js';
import { isSol, num } from './map-values.js';

/** pump.fun mints have 6 decimals and a fixed supply of 1e9 tokens (CreateEvent carries the supply only since 2025). */
const PUMP_DECIMALS = 6;
const PUMP_SUPPLY_RAW = 1_000_000_000_000_000;

/** pump.fun: CreateEvent → create, TradeEvent → curve_trade, CompletePumpAmmMigrationEvent (or migrate + PumpSwap CreatePoolEvent) → migration. */
export function mapPump(m: InvocationMapper, i: number, inv: Invocation): void {
  const ix = inv.data === null ? null : m.instruction(i, 'pumpfun');
  m.recordEvents(i, inv);
  const creates = m.eventsOf(inv, 'pumpfun', 'CreateEvent');
  for (const e of creates) {
    if (!isSol(e.quote_mint)) continue;
    m.events.push({
      kind: 'create',
      ...m.header,
      platform: 'pumpfun',
      mint: e.mint,
      creator: e.creator ?? e.user,
      name: e.name,
      symbol: e.symbol,
      curve: e.bonding_curve,
      token_supply_raw: e.token_total_supply === undefined ? PUMP_SUPPLY_RAW : num(e.token_total_supply),
      decimals: PUMP_DECIMALS,
    });
  }
  const trades = m.eventsOf(inv, 'pumpfun', 'TradeEvent');
  for (const e of trades) {
    if (!isSol(e.quote_mint)) continue;
    m.events.push({
      kind: 'curve_trade',
      ...m.header,
      mint: e.mint,
      wallet: e.user,
      side: e.is_buy ? 'buy' : 'sell',
      sol_lamports: num(e.sol_amount),
      token_raw: num(e.token_amount),
      virtual_sol_lamports: num(e.virtual_sol_reserves),
      virtual_token_raw: num(e.virtual_token_reserves),
    });
  }
  const migrations = m.eventsOf(inv, 'pumpfun', 'CompletePumpAmmMigrationEvent');
  const lpMint = ix?.name === 'migrate' || ix?.name === 'migrate_v2' ? ix.accounts.lp_mint : undefined;
  for (const e of migrations) {
    if (!isSol(e.quote_mint)) continue;
    m.events.push(m.migration(e.mint, e.pool, 'pumpswap', e.sol_amount, e.mint_amount, lpMint));
  }
  if (ix === null) return;
  switch (ix.name) {
    case 'create':
    case 'create_v2':
      if (creates.length === 0 && ix.accounts.mint !== undefined && ix.accounts.bonding_curve !== undefined) {
        m.events.push({
          kind: 'create',
          ...m.header,
          platform: 'pumpfun',
          mint: ix.accounts.mint,
          creator: ix.fields.creator ?? ix.accounts.user ?? m.header.signer,
          name: ix.fields.name,
          symbol: ix.fields.symbol,
          curve: ix.accounts.bonding_curve,
          token_supply_raw: PUMP_SUPPLY_RAW,
          decimals: PUMP_DECIMALS,
        });
      }
      break;
    case 'buy':
    case 'sell':
    case 'buy_v2':
    case 'sell_v2':
    case 'buy_exact_sol_in':
    case 'buy_exact_quote_in_v2':
      if (trades.length === 0) m.warn('missing_event', inv.programId, `${ix.name} ${i} has no TradeEvent`);
      break;
    case 'migrate':
    case 'migrate_v2': {
      if (migrations.length > 0) break;
      const pool = m.childPoolCreates(inv)[0];
      if (pool === undefined || !isSol(pool.quote_mint)) {
        m.warn('missing_event', inv.programId, `${ix.name} ${i} has no migration event`);
        break;
      }
      m.events.push(
        m.migration(
          pool.base_mint,
          pool.pool,
          'pumpswap',
          pool.quote_amount_in,
          pool.base_amount_in,
          pool.lp_mint,
        ),
      );
      break;
    }
  }
}
