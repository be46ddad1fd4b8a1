import { describe, expect, it } from 'vitest';
import { Sfc32 } from './sfc32.js';

const draws = (rng: Sfc32, n: number) => Array.from({ length: n }, () => rng.u32());

describe('Sfc32', () => {
  it('repeats its sequence for the same seed and stream', () => {
    expect(draws(new Sfc32(42, 3), 100)).toEqual(draws(new Sfc32(42, 3), 100));
  });

  it('gives different sequences for different seeds or streams', () => {
    const base = draws(new Sfc32(42, 0), 20);
    expect(draws(new Sfc32(43, 0), 20)).not.toEqual(base);
    expect(draws(new Sfc32(42, 1), 20)).not.toEqual(base);
  });

  it('draws uniforms in [0, 1) with mean ½ and normals with mean 0 and variance 1', () => {
    const rng = new Sfc32(7);
    const n = 200_000;
    let sum = 0;
    let min = 1;
    let max = 0;
    for (let i = 0; i < n; i++) {
      const u = rng.float();
      sum += u;
      min = Math.min(min, u);
      max = Math.max(max, u);
    }
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThan(1);
    expect(sum / n).toBeCloseTo(0.5, 2);
    let s1 = 0;
    let s2 = 0;
    for (let i = 0; i < n; i++) {
      const z = rng.normal();
      s1 += z;
      s2 += z * z;
    }
    expect(s1 / n).toBeCloseTo(0, 1);
    expect(s2 / n).toBeCloseTo(1, 1);
  });

  it('draws Poisson counts with the asked mean', () => {
    const rng = new Sfc32(9);
    let sum = 0;
    for (let i = 0; i < 50_000; i++) sum += rng.poisson(1.7);
    expect(sum / 50_000).toBeCloseTo(1.7, 1);
  });

  it('keeps integer draws inside their bounds', () => {
    const rng = new Sfc32(11);
    const seen = new Set<number>();
    for (let i = 0; i < 10_000; i++) seen.add(rng.intIn(3, 6));
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
  });
});
