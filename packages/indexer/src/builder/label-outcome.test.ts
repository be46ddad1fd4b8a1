import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from './classification-rules.js';
import { labelOutcome } from './label-outcome.js';

const T0 = Date.UTC(2026, 0, 1);
const s = (sec: number) => T0 + sec * 1000;

function label(points: [number, number][], a0 = 100) {
  return labelOutcome(
    { analyzedAt: T0, analysisMcapUsd: a0, at: points.map((p) => s(p[0])), mcapUsd: points.map((p) => p[1]) },
    DEFAULT_RULES,
  );
}

describe('labelOutcome', () => {
  it('a fall of 90 % from the peak within 24 h is a rug, timed from the peak', () => {
    const o = label([
      [10, 150],
      [100, 300],
      [400, 30],
    ]);
    expect(o.rugged).toBe(true);
    expect(o.rugged_at).toBe(s(400));
    expect(o.collapse_s).toBe(300);
    expect(o.peak_mcap_usd).toBe(300);
    expect(o.seconds_to_peak).toBe(100);
    expect(o.peak_gain_pct).toBe(200);
    expect(o.reached_2x).toBe(true);
    expect(o.reached_5x).toBe(false);
  });

  it('a fall of 89 % is not a rug when the 6 h mark is above the floor', () => {
    const o = label([
      [100, 300],
      [400, 33.1],
      [7 * 3600, 40],
    ]);
    expect(o.rugged).toBe(false);
    expect(o.collapse_s).toBeNull();
  });

  it('sitting at 10 % of the analysis cap at 6 h is a rug even without a 90 % drawdown', () => {
    const o = label([
      [60, 50],
      [3600, 12],
      [6 * 3600 - 1, 9],
    ]);
    expect(o.rugged).toBe(true);
    expect(o.rugged_at).toBe(s(6 * 3600 - 1));
    expect(o.collapse_s).toBeNull();
  });

  it('a drawdown after 24 h does not count', () => {
    const o = label([
      [100, 200],
      [24 * 3600 + 1, 1],
    ]);
    expect(o.rugged).toBe(false);
    expect(o.trough_mcap_usd).toBe(200);
  });

  it('the exit window needs the first 60 s at or above the analysis price', () => {
    expect(
      label([
        [30, 100],
        [61, 50],
      ]).exit_window,
    ).toBe(true);
    expect(label([[30, 99.9]]).exit_window).toBe(false);
  });

  it('11 % of the analysis cap at 6 h is not a rug', () => {
    expect(
      label([
        [60, 50],
        [6 * 3600 - 1, 11],
      ]).rugged,
    ).toBe(false);
  });

  it('settles 24 h after analysis', () => {
    expect(label([]).settled_at).toBe(s(24 * 3600));
  });
});
