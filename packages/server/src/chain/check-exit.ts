import {
  buildExitRung,
  EXIT_RUNG_SIZES_USD,
  type ExitRecord,
  type ExitRung,
  exitVerdictOf,
} from '@launchlens/engine/internal';
import type { QuoteClient } from './quote-client.js';
import { WSOL_MINT } from './quote-client.js';

export interface ExitCheck {
  readonly exit: ExitRecord;
  readonly checked_at_sol_usd: number;
}

/**
 * Runs the exit ladder (API-SPEC §4.2): for each rung a buy quote of `size_usd` worth of SOL
 * into the token, then a sell quote of exactly the tokens that buy returned back to SOL.
 */
export async function checkExit(quotes: QuoteClient, mint: string): Promise<ExitCheck> {
  const solUsd = await quotes.solUsd();
  const ladder: ExitRung[] = [];
  for (const size_usd of EXIT_RUNG_SIZES_USD) {
    const lamports = Math.round((size_usd / solUsd) * 1e9);
    const buy = await quotes.quote({ input_mint: WSOL_MINT, output_mint: mint, amount_raw: lamports });
    const sell =
      buy.kind === 'quote'
        ? await quotes.quote({ input_mint: mint, output_mint: WSOL_MINT, amount_raw: buy.out_raw })
        : null;
    ladder.push(buildExitRung({ size_usd, sol_in_lamports: lamports, buy, sell }));
  }
  return { exit: exitVerdictOf(ladder), checked_at_sol_usd: Math.round(solUsd * 100) / 100 };
}
