import { describe, expect, it } from 'vitest';
import { type LaunchObservables, rugProbability } from './rug-probability.js';

const base: LaunchObservables = {
  insidersPct: 8,
  bundledPct: 3,
  snipersPct: 1,
  freshPct: 20,
  devPct: 3,
  top10Pct: 35,
  devSold: false,
  freezeActive: false,
  creatorSettled: 0,
  creatorRugs: 0,
  hiddenInsiderPct: 0,
};
const p = (o: Partial<LaunchObservables>, t = 0.5, noise = 0) => rugProbability({ ...base, ...o }, t, noise);

describe('rugProbability', () => {
  it('rises with insider supply, fresh-wallet supply, a rugging creator and an active freeze authority', () => {
    const p0 = p({});
    expect(p({ insidersPct: 25 })).toBeGreaterThan(p0);
    expect(p({ freshPct: 45 })).toBeGreaterThan(p0);
    expect(p({ creatorSettled: 4, creatorRugs: 4 })).toBeGreaterThan(p0);
    expect(p({ creatorSettled: 4, creatorRugs: 0 })).toBeLessThan(p0);
    expect(p({ freezeActive: true })).toBeGreaterThan(p0);
    expect(p({ hiddenInsiderPct: 10 })).toBeGreaterThan(p0);
    expect(p({}, 0.5, 1)).toBeGreaterThan(p0);
  });

  it('drifts: the base rate rises over the timeline and weight moves from insiders to fresh wallets', () => {
    expect(p({}, 1)).toBeGreaterThan(p({}, 0));
    const logit = (x: number) => Math.log(x / (1 - x));
    const insiderLift = (t: number) => logit(p({ insidersPct: 25 }, t)) - logit(p({}, t));
    const freshLift = (t: number) => logit(p({ freshPct: 45 }, t)) - logit(p({}, t));
    expect(insiderLift(0)).toBeGreaterThan(insiderLift(1));
    expect(freshLift(1)).toBeGreaterThan(freshLift(0));
  });

  it('stays a probability', () => {
    for (const x of [
      p({ insidersPct: 100, freshPct: 100, freezeActive: true }, 1, 5),
      p({ insidersPct: 0, freshPct: 0 }, 0, -5),
    ]) {
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(1);
    }
  });
});
