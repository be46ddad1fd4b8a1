import type { CreateEvent, CurveTradeEvent } from '../../events/chain-event.js';
import { LETSBONK_PLATFORM_CONFIG, PROGRAMS, WSOL_MINT } from '../../events/programs.js';
import type { Invocation } from './invocation.js';
import type { InvocationMapper } from './map-invocations.js';
import { absDiff, num } from './map-values.js';

/** LaunchLab: PoolCreateEvent → create, TradeEvent → curve_trade (letsbonk only), migrate_to_amm/cpswap → migration. */
export function mapLaunchLab(m: InvocationMapper, i: number, inv: Invocation): void {
  const ix = inv.data === null ? null : m.instruction(i, 'launchlab');
  m.recordEvents(i, inv);
  if (ix === null) return;
  switch (ix.name) {
    case 'initialize':
    case 'initialize_v2':
    case 'initialize_with_token_2022': {
      const { base_mint, platform_config, quote_mint, pool_state, creator } = ix.accounts;
      if (!base_mint || !platform_config || !quote_mint || !pool_state) {
        m.warn('missing_account', inv.programId, `${ix.name} ${i}`);
        return;
      }
      const created = m.eventsOf(inv, 'launchlab', 'PoolCreateEvent')[0];
      const mintParam: { name: string; symbol: string; decimals: number } =
        created?.base_mint_param ?? ix.fields.base_mint_param;
      const supply: bigint = created?.curve_param.supply ?? ix.fields.curve_param.supply;
      const event: Omit<CreateEvent, 'platform'> = {
        kind: 'create',
        ...m.header,
        mint: base_mint,
        creator: created?.creator ?? creator ?? m.header.signer,
        name: mintParam.name,
        symbol: mintParam.symbol,
        curve: pool_state,
        token_supply_raw: num(supply),
        decimals: mintParam.decimals,
      };
      if (platform_config === LETSBONK_PLATFORM_CONFIG && quote_mint === WSOL_MINT) {
        m.events.push({ ...event, platform: 'letsbonk' });
      } else {
        m.records.push({ kind: 'foreign_launchlab', invocation: i, platform_config, quote_mint, event });
      }
      return;
    }
    case 'buy_exact_in':
    case 'buy_exact_out':
    case 'sell_exact_in':
    case 'sell_exact_out': {
      const { base_token_mint, quote_token_mint, platform_config, payer } = ix.accounts;
      if (!base_token_mint || !quote_token_mint || !platform_config) {
        m.warn('missing_account', inv.programId, `${ix.name} ${i}`);
        return;
      }
      const trade = m.eventsOf(inv, 'launchlab', 'TradeEvent')[0];
      if (trade === undefined) {
        m.warn('missing_event', inv.programId, `${ix.name} ${i} has no TradeEvent`);
        return;
      }
      const event: CurveTradeEvent = {
        kind: 'curve_trade',
        ...m.header,
        mint: base_token_mint,
        wallet: payer ?? m.header.signer,
        side: trade.trade_direction.variant === 'Buy' ? 'buy' : 'sell',
        sol_lamports: num(absDiff(trade.real_quote_after, trade.real_quote_before)),
        token_raw: num(absDiff(trade.real_base_after, trade.real_base_before)),
        // Constant-product curve on (virtual_base − real_base, virtual_quote + real_quote).
        virtual_sol_lamports: num(trade.virtual_quote + trade.real_quote_after),
        virtual_token_raw: num(trade.virtual_base - trade.real_base_after),
      };
      if (platform_config === LETSBONK_PLATFORM_CONFIG && quote_token_mint === WSOL_MINT)
        m.events.push(event);
      else {
        m.records.push({
          kind: 'foreign_launchlab',
          invocation: i,
          platform_config,
          quote_mint: quote_token_mint,
          event,
        });
      }
      return;
    }
    case 'migrate_to_amm': {
      const { base_mint, quote_mint, amm_pool, amm_lp_mint } = ix.accounts;
      const child = inv.children.find((c) => m.invocations[c]!.programId === PROGRAMS.raydiumAmmV4);
      if (!base_mint || !quote_mint || !amm_pool || child === undefined) {
        m.warn('missing_account', inv.programId, `${ix.name} ${i}`);
        return;
      }
      m.consumed.add(child);
      const init = m.ammV4Instruction(child);
      if (init?.name !== 'initialize2' || quote_mint !== WSOL_MINT) return;
      const coinIsSol = init.coin_mint === WSOL_MINT;
      m.events.push(
        m.migration(
          base_mint,
          amm_pool,
          'raydium_amm_v4',
          coinIsSol ? init.init_coin_amount : init.init_pc_amount,
          coinIsSol ? init.init_pc_amount : init.init_coin_amount,
          amm_lp_mint,
        ),
      );
      return;
    }
    case 'migrate_to_cpswap': {
      const { base_mint, quote_mint, cpswap_pool, cpswap_lp_mint } = ix.accounts;
      const child = inv.children.find((c) => m.invocations[c]!.programId === PROGRAMS.raydiumCpmm);
      if (!base_mint || !quote_mint || !cpswap_pool || child === undefined) {
        m.warn('missing_account', inv.programId, `${ix.name} ${i}`);
        return;
      }
      m.consumed.add(child);
      const init = m.instruction(child, 'raydiumCpmm');
      if (init?.name !== 'initialize' || quote_mint !== WSOL_MINT) return;
      const zeroIsSol = init.accounts.token_0_mint === WSOL_MINT;
      m.events.push(
        m.migration(
          base_mint,
          cpswap_pool,
          'raydium_cpmm',
          zeroIsSol ? init.fields.init_amount_0 : init.fields.init_amount_1,
          zeroIsSol ? init.fields.init_amount_1 : init.fields.init_amount_0,
          cpswap_lp_mint,
        ),
      );
      return;
    }
  }
}
