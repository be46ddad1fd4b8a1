/** Parses a decimal USD string ("0.025") into integer micro-USD without floating-point rounding. */
export function usdToMicros(usd: string): number {
  const m = /^(\d+)(?:\.(\d{1,6}))?$/.exec(usd);
  if (!m) throw new RangeError(`not a USD amount with at most 6 decimals: ${usd}`);
  return Number(m[1]) * 1_000_000 + Number((m[2] ?? '').padEnd(6, '0'));
}

/** Formats integer micro-USD as the shortest decimal string ("0.025", "5", "0"). */
export function microsToUsd(micros: number): string {
  const whole = Math.floor(micros / 1_000_000);
  const frac = String(micros % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return frac === '' ? String(whole) : `${whole}.${frac}`;
}
