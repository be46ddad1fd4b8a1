const ZERO = 48;
/** Up to 15 digits a double holds exactly. */
const EXACT_DIGITS = 15;
const DIGITS = /^\d+$/;

/**
 * An unsigned decimal string (the RPC's token amounts) as a bigint, or null when it is not one. Short
 * values are summed as a number first: `BigInt(text)` parses through the runtime, ~1.5× slower here.
 */
export function parseU64(text: unknown): bigint | null {
  if (typeof text !== 'string') return null;
  const len = text.length;
  if (len > EXACT_DIGITS) return DIGITS.test(text) ? BigInt(text) : null;
  if (len === 0) return null;
  let n = 0;
  for (let i = 0; i < len; i++) {
    const digit = text.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return null;
    n = n * 10 + digit;
  }
  return BigInt(n);
}
