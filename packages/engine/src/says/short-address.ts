/** A base58 address shortened for a sentence: `7xKX…9fQa` (first and last four characters). */
export function shortAddress(address: string): string {
  return address.length <= 10 ? address : `${address.slice(0, 4)}…${address.slice(-4)}`;
}
