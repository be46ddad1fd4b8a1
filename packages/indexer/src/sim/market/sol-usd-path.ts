import { Sfc32 } from '../random/sfc32.js';

const DAY_MS = 86_400_000;

/**
 * A deterministic SOL/USD path: 190 USD plus three seeded sinusoids (periods 97, 23 and 4.3 days;
 * amplitudes 45, 18 and 6), so it stays within 121–259 USD and moves < 3 % in a day.
 */
export function solUsdPath(seed: number): (at: number) => number {
  const rng = new Sfc32(seed, 0x501);
  const phases = [rng.range(0, 2 * Math.PI), rng.range(0, 2 * Math.PI), rng.range(0, 2 * Math.PI)];
  const w1 = (2 * Math.PI) / (97 * DAY_MS);
  const w2 = (2 * Math.PI) / (23 * DAY_MS);
  const w3 = (2 * Math.PI) / (4.3 * DAY_MS);
  return (at: number) =>
    190 +
    45 * Math.sin(w1 * at + phases[0]) +
    18 * Math.sin(w2 * at + phases[1]) +
    6 * Math.sin(w3 * at + phases[2]);
}
