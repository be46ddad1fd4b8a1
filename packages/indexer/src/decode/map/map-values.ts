import { PROGRAMS, WSOL_MINT } from '../../events/programs.js';

const SOL_QUOTES = new Set<string>([WSOL_MINT, PROGRAMS.system]);

/** A quote mint that means SOL: absent (older records), WSOL, or the System program id. */
export const isSol = (mint: string | null | undefined): boolean =>
  mint === undefined || mint === null || SOL_QUOTES.has(mint);

/** A u64 as a number (amounts here stay below 2^53). */
export const num = (value: bigint): number => Number(value);

/** |a − b| of two u64 values. */
export const absDiff = (a: bigint, b: bigint): bigint => (a > b ? a - b : b - a);
