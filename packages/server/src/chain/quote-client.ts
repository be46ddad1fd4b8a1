import type { SwapQuoteResult } from '@launchlens/engine/internal';

export interface QuoteRequest {
  readonly input_mint: string;
  readonly output_mint: string;
  /** Raw units of the input mint (lamports for SOL). */
  readonly amount_raw: number;
}

/**
 * A swap-aggregator quote source for the exit ladder: quotes only, nothing is signed or built.
 * `solUsd` prices 1 SOL in USD through the same source (sizes the ladder).
 */
export interface QuoteClient {
  /** How quotes are obtained and what they cannot see (the exit record's `method`). */
  readonly method: string;
  quote(request: QuoteRequest): Promise<SwapQuoteResult>;
  solUsd(): Promise<number>;
}

/** Wrapped SOL, the input and output mint of SOL legs. */
export const WSOL_MINT = 'So11111111111111111111111111111111111111112';
/** USDC on Solana mainnet. */
export const USDC_MINT_ADDRESS = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
