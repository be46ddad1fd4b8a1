import { describe, expect, it } from 'vitest';
import { seededRandom } from '../stats/seeded-random.js';
import { SettledRows } from './settled-rows.js';

describe('SettledRows', () => {
  it('gives exactly the rows a pass over every row finds settled in (from, to], ties and unsettled rows included', () => {
    const random = seededRandom(7);
    const n = 2000;
    // Whole days only, so many rows share a settlement time; one in five has none.
    const settledAt = Float64Array.from({ length: n }, () =>
      random() < 0.2 ? Number.NaN : Math.floor(random() * 100) * 1000,
    );
    const rows = SettledRows.of(settledAt, n);
    for (let k = 0; k < 300; k++) {
      const from = Math.floor(random() * 120 - 10) * 1000 + (k % 2) * 500;
      const to = from + Math.floor(random() * 60) * 1000;
      const expected: number[] = [];
      for (let i = 0; i < n; i++) if (settledAt[i] > from && settledAt[i] <= to) expected.push(i);
      const found = [...rows.between(from, to)];
      expect(found.toSorted((a, b) => a - b)).toEqual(expected);
      // In settlement order.
      for (let j = 1; j < found.length; j++)
        expect(settledAt[found[j]]).toBeGreaterThanOrEqual(settledAt[found[j - 1]]);
    }
    expect(rows.between(5000, 4000)).toHaveLength(0);
    expect(rows.earliest).toBe(Math.min(...[...settledAt].filter((s) => !Number.isNaN(s))));
  });

  it('is sorted once per column, and again for a column of another length', () => {
    const settledAt = Float64Array.from([3, Number.NaN, 1, 2]);
    expect(SettledRows.of(settledAt, 4)).toBe(SettledRows.of(settledAt, 4));
    expect([...SettledRows.of(settledAt, 2).between(-Infinity, Infinity)]).toEqual([0]);
    expect(SettledRows.of(Float64Array.from([Number.NaN]), 1).earliest).toBe(Number.POSITIVE_INFINITY);
  });
});
