import type { PoolTradeEvent } from '../../events/chain-event.js';
import { WSOL_MINT } from '../../events/programs.js';
import { decodeRayLog, type RayLog } from '../logs/decode-ray-log.js';
import type { Invocation } from './invocation.js';
import type { InvocationMapper } from './map-invocations.js';
import { num } from './map-values.js';

/** The legacy pump.fun migration wallet that signed every Raydium AMM v4 `initialize2` migration. */
export const PUMP_RAYDIUM_MIGRATOR = '39azUYFWPz3VHgKCf3VChUwbpURdCHRxjWVowf5jUJjg';

/** Raydium AMM v4: initialize2 by the pump.fun migrator → migration; swaps on SOL pairs → pool_trade. */
export function mapAmmV4(m: InvocationMapper, i: number, inv: Invocation): void {
  const logs: RayLog[] = [];
  for (const text of inv.rayLogs) {
    const out = decodeRayLog(text);
    if (!out.ok) m.warn(out.code, inv.programId, `ray_log of ${i}: ${out.detail}`);
    else {
      logs.push(out.value);
      m.records.push({ kind: 'ray_log', invocation: i, log: out.value });
    }
  }
  if (m.consumed.has(i) || inv.data === null) return;
  const ix = m.ammV4Instruction(i);
  if (ix === null) return;
  if (ix.name === 'initialize2') {
    if (ix.user_wallet !== PUMP_RAYDIUM_MIGRATOR) return;
    const coinIsSol = ix.coin_mint === WSOL_MINT;
    if (!coinIsSol && ix.pc_mint !== WSOL_MINT) return;
    m.events.push(
      m.migration(
        coinIsSol ? ix.pc_mint : ix.coin_mint,
        ix.amm,
        'raydium_amm_v4',
        coinIsSol ? ix.init_coin_amount : ix.init_pc_amount,
        coinIsSol ? ix.init_pc_amount : ix.init_coin_amount,
        ix.lp_mint,
      ),
    );
    return;
  }
  if (ix.name === 'other') return;
  const coin = m.tokenAccounts.get(ix.coin_vault);
  const pc = m.tokenAccounts.get(ix.pc_vault);
  if (coin === undefined || pc === undefined) {
    m.warn('missing_account', inv.programId, `${ix.name} ${i}: vault balances`);
    return;
  }
  const coinIsSol = coin.mint === WSOL_MINT;
  if (!coinIsSol && pc.mint !== WSOL_MINT) return;
  const log = logs.find((l) => l.type === ix.name);
  let coinIn: boolean;
  let amountIn: bigint;
  let amountOut: bigint;
  let before: { coin: bigint; pc: bigint } | null = null;
  if (log !== undefined && (log.type === 'swap_base_in' || log.type === 'swap_base_out')) {
    coinIn = log.direction === 2n;
    amountIn = log.type === 'swap_base_in' ? log.amount_in : log.deduct_in;
    amountOut = log.type === 'swap_base_in' ? log.out_amount : log.amount_out;
    before = { coin: log.pool_coin, pc: log.pool_pc };
  } else {
    const flow = m.vaultFlow(inv, ix.coin_vault, ix.pc_vault);
    if (flow === null) {
      m.warn('missing_event', inv.programId, `${ix.name} ${i} has no ray_log or vault transfers`);
      return;
    }
    ({ coinIn, amountIn, amountOut } = flow);
  }
  const solIn = coinIn === coinIsSol;
  const coinAfter = before === null ? coin.post : before.coin + (coinIn ? amountIn : -amountOut);
  const pcAfter = before === null ? pc.post : before.pc + (coinIn ? -amountOut : amountIn);
  if (coinAfter === null || pcAfter === null) {
    m.warn('missing_account', inv.programId, `${ix.name} ${i}: vault balances`);
    return;
  }
  m.events.push({
    kind: 'pool_trade',
    ...m.header,
    mint: coinIsSol ? pc.mint : coin.mint,
    pool: ix.amm,
    wallet: ix.user_owner,
    side: solIn ? 'buy' : 'sell',
    sol_lamports: num(solIn ? amountIn : amountOut),
    token_raw: num(solIn ? amountOut : amountIn),
    pool_sol_lamports: num(coinIsSol ? coinAfter : pcAfter),
    pool_token_raw: num(coinIsSol ? pcAfter : coinAfter),
  } satisfies PoolTradeEvent);
}
