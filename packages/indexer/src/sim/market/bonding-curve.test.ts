import { describe, expect, it } from 'vitest';
import { Sfc32 } from '../random/sfc32.js';
import { BondingCurve } from './bonding-curve.js';
import { CURVE_PARAMS } from './curve-params.js';

const PUMP = CURVE_PARAMS.pumpfun;

describe('BondingCurve (pump.fun, fixture A)', () => {
  it('prices sample 0: 20M tokens cost 569 800 570 lamports plus 95 + 30 bps fees', () => {
    const curve = new BondingCurve(PUMP);
    const fill = curve.buyTokens(20_000_000_000_000);
    expect(fill.solLamports).toBe(569_800_570);
    expect(fill.feeLamports).toBe(5_413_106 + 1_709_402);
    expect(curve.virtualSol).toBe(30_569_800_570);
    expect(curve.virtualToken).toBe(1_053_000_000_000_000);
  });

  it('prices sample 1 (8 780 451 425 543 tokens for 247 518 046 lamports)', () => {
    expect(new BondingCurve(PUMP).quoteTokens(8_780_451_425_543)).toBe(247_518_046);
  });

  it('gives sample 2 its tokens for 1 975 308 641 lamports (to 1e-6)', () => {
    const fill = new BondingCurve(PUMP).buy(1_975_308_641);
    expect(Math.abs(fill.tokenRaw / 66_285_714_223_523 - 1)).toBeLessThan(1e-6);
  });

  it('keeps virtual SOL = 30 SOL + net SOL in and virtual tokens = 1.073e15 − net tokens out', () => {
    const rng = new Sfc32(4);
    const curve = new BondingCurve(PUMP);
    let solIn = 0;
    let tokensOut = 0;
    let held = 0;
    for (let i = 0; i < 500 && !curve.complete; i++) {
      if (held > 0 && rng.chance(0.3)) {
        const fill = curve.sell(Math.floor(held * rng.float()));
        solIn -= fill.solLamports;
        tokensOut -= fill.tokenRaw;
        held -= fill.tokenRaw;
      } else {
        const fill = curve.buy(Math.round(rng.range(0.01, 2) * 1e9));
        solIn += fill.solLamports;
        tokensOut += fill.tokenRaw;
        held += fill.tokenRaw;
      }
      expect(curve.virtualSol).toBe(30_000_000_000 + solIn);
      expect(curve.virtualToken).toBe(1_073_000_000_000_000 - tokensOut);
      expect(curve.virtualSol * curve.virtualToken).toBeGreaterThanOrEqual(30e9 * 1.073e15 * (1 - 1e-12));
    }
  });

  it('completes after 793.1M tokens with ≈ 85.005 SOL raised, the last buy cut to what is left', () => {
    const curve = new BondingCurve(PUMP);
    let sold = 0;
    while (!curve.complete) sold += curve.buy(3e9).tokenRaw;
    expect(sold).toBe(793_100_000_000_000);
    expect(curve.virtualToken).toBe(279_900_000_000_000);
    // Fixture E's migration carries 84 990 359 301 + 15 000 001 lamports from a real curve.
    expect(Math.abs(curve.realSol - 85_005_359_302)).toBeLessThan(2_000);
  });
});

describe('BondingCurve (letsbonk, LaunchLab defaults)', () => {
  it('derives ≈ 1.073e9 virtual tokens and ≈ 30 virtual SOL from 1e9 supply, 793.1M sold, 85 SOL raised', () => {
    expect(Math.abs(CURVE_PARAMS.letsbonk.virtualTokenRaw / 1.073e15 - 1)).toBeLessThan(1e-3);
    expect(Math.abs(CURVE_PARAMS.letsbonk.virtualSolLamports / 30e9 - 1)).toBeLessThan(1e-3);
  });

  it('raises 85 SOL when the 793.1M tokens are sold', () => {
    const curve = new BondingCurve(CURVE_PARAMS.letsbonk);
    while (!curve.complete) curve.buy(2e9);
    expect(Math.abs(curve.realSol - 85e9)).toBeLessThan(1e6);
  });
});
