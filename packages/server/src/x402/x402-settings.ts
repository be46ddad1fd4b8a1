/** USDC on Solana mainnet (DESIGN §6). */
export const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
/** Solana mainnet in CAIP-2 form, as x402 v2 names networks. */
export const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
export const X402_VERSION = 2 as const;
/** A blockhash lives 60–90 s (API-SPEC §5.1). */
export const MAX_TIMEOUT_S = 60;

/** Where x402 payments go and who pays the transaction fee; from configuration, injected. */
export interface X402Settings {
  readonly payTo: string;
  /** The facilitator's fee-payer address (`extra.feePayer`); null until payments are configured. */
  readonly feePayer: string | null;
  readonly network: string;
  readonly asset: string;
}
