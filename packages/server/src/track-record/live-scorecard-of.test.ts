import { describe, expect, test } from 'vitest';
import { chainEntry } from './chain-entry.js';
import { liveScorecardOf, type SettledOutcome } from './live-scorecard-of.js';
import type { PredictionEntry, PublishedVerdict } from './prediction-entry.js';

const T0 = Date.parse('2026-11-20T00:00:00.000Z');
const HOUR = 3_600_000;

function chain(
  rows: { mint: string; at: number; verdict: PublishedVerdict['verdict']; pct: number | null }[],
) {
  const out: PredictionEntry[] = [];
  for (const r of rows)
    out.push(
      chainEntry(out.at(-1) ?? null, {
        mint: r.mint,
        published_at: new Date(r.at).toISOString(),
        analyzed_at: new Date(r.at - 60_000).toISOString(),
        model_version: 'm1',
        published_by: 'live_feed',
        score: r.pct === null ? null : 50,
        verdict: r.verdict,
        rug_probability_pct: r.pct,
        interval_95: r.pct === null ? null : { lo_pct: r.pct - 1, hi_pct: r.pct + 1 },
      }),
    );
  return out;
}

describe('liveScorecardOf', () => {
  test('an outcome settled at or before publication never enters the live scorecard', () => {
    const entries = chain([
      { mint: 'early', at: T0, verdict: 'extreme', pct: 90 },
      { mint: 'same', at: T0, verdict: 'extreme', pct: 90 },
      { mint: 'late', at: T0, verdict: 'extreme', pct: 90 },
    ]);
    const outcomes = new Map<string, SettledOutcome>([
      ['early', { settled_at: T0 - HOUR, rugged: false }],
      ['same', { settled_at: T0, rugged: false }],
      ['late', { settled_at: T0 + HOUR, rugged: true }],
    ]);
    const card = liveScorecardOf(entries, outcomes, T0 + 2 * HOUR);
    expect(card.settled_before_publication_n).toBe(2);
    expect(card.n).toBe(1);
    expect(card.bands.extreme).toMatchObject({ n: 1, rugged: 1, hit_rate_pct: 100, predicted_pct: 90 });
    expect(card.brier).toBeCloseTo(0.01, 12);
  });

  test('outcomes settled after as_of are pending, unknown verdicts are counted apart', () => {
    const entries = chain([
      { mint: 'a', at: T0, verdict: 'low', pct: 20 },
      { mint: 'b', at: T0, verdict: 'low', pct: 20 },
      { mint: 'c', at: T0, verdict: 'unknown', pct: null },
      { mint: 'd', at: T0, verdict: 'low', pct: 20 },
    ]);
    const outcomes = new Map<string, SettledOutcome>([
      ['a', { settled_at: T0 + HOUR, rugged: false }],
      ['b', { settled_at: T0 + 5 * HOUR, rugged: true }],
      ['c', { settled_at: T0 + HOUR, rugged: true }],
    ]);
    const card = liveScorecardOf(entries, outcomes, T0 + 2 * HOUR);
    expect(card).toMatchObject({ entries_n: 4, pending_n: 2, unknown_n: 1, n: 1, through_seq: 4 });
    expect(card.bands.low.hit_rate_pct).toBe(0);
    // Wilson 95 % of 0/1: [0, 0.7935]
    expect(card.bands.low.interval_95.hi_pct).toBeCloseTo(79.35, 1);
    expect(card.bands.critical).toMatchObject({ n: 0, hit_rate_pct: null, predicted_pct: null, brier: null });
  });

  test('ECE is over 10 equal-width bins of the published probability', () => {
    const entries = chain([
      { mint: 'a', at: T0, verdict: 'elevated', pct: 50 },
      { mint: 'b', at: T0, verdict: 'elevated', pct: 50 },
    ]);
    const outcomes = new Map<string, SettledOutcome>([
      ['a', { settled_at: T0 + HOUR, rugged: true }],
      ['b', { settled_at: T0 + HOUR, rugged: true }],
    ]);
    const card = liveScorecardOf(entries, outcomes, T0 + HOUR);
    expect(card.ece).toBeCloseTo(0.5, 12);
    expect(card.base_rate_pct).toBe(100);
  });
});
