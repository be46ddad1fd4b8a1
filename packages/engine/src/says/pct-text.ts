/** A percentage (0–100) as text with one decimal, e.g. `12.5%`; `n/a` for null or NaN. */
export function pctText(pct: number | null, digits = 1): string {
  if (pct === null || Number.isNaN(pct)) return 'n/a';
  return `${pct.toFixed(digits)}%`;
}
