/** A USD amount in short form: `$950`, `$12.3k`, `$4.56M`; `an unknown amount` for null. */
export function usdText(usd: number | null): string {
  if (usd === null || Number.isNaN(usd)) return 'an unknown amount';
  const sign = usd < 0 ? '-' : '';
  const v = Math.abs(usd);
  if (v >= 1e9) return `${sign}$${(v / 1e9).toFixed(2)}B`;
  if (v >= 1e6) return `${sign}$${(v / 1e6).toFixed(2)}M`;
  if (v >= 1e3) return `${sign}$${(v / 1e3).toFixed(1)}k`;
  return `${sign}$${v.toFixed(0)}`;
}
