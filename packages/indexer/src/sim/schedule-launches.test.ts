import { describe, expect, it } from 'vitest';
import { scheduleLaunches } from './schedule-launches.js';

const end = Date.UTC(2026, 0, 1);

describe('scheduleLaunches', () => {
  const s = scheduleLaunches({ launches: 24_000, seed: 3, end, days: 120 });

  it('places exactly the asked launches, in order, inside the history and ≥ 10 h before its end', () => {
    expect(s.createAt.length).toBe(24_000);
    for (let i = 1; i < s.createAt.length; i++)
      expect(s.createAt[i]).toBeGreaterThanOrEqual(s.createAt[i - 1]);
    expect(s.createAt[0]).toBeGreaterThanOrEqual(s.historyFrom);
    expect(s.createAt.at(-1)!).toBeLessThanOrEqual(end - 10 * 3_600_000);
    expect(s.historyFrom).toBe(end - 120 * 86_400_000);
  });

  it('drops ~15 % of the gap period (the first 10 %) to outages and nothing after it', () => {
    const gap = s.completeSince - s.historyFrom;
    expect(gap).toBe(12 * 86_400_000);
    const down = s.outages.reduce((sum, o) => sum + (o.to - o.from), 0);
    expect(down / gap).toBeGreaterThan(0.1);
    expect(down / gap).toBeLessThan(0.2);
    for (const o of s.outages) expect(o.to).toBeLessThanOrEqual(s.completeSince);
    expect(s.createAt.some((at) => s.outages.some((o) => at >= o.from && at < o.to))).toBe(false);
    const perDay = (from: number, to: number) => {
      let n = 0;
      for (const at of s.createAt) if (at >= from && at < to) n++;
      return n / ((to - from) / 86_400_000);
    };
    const inGap = perDay(s.historyFrom, s.completeSince);
    const after = perDay(s.completeSince, end - 10 * 3_600_000);
    expect(inGap / after).toBeGreaterThan(0.75);
    expect(inGap / after).toBeLessThan(0.95);
  });
});
