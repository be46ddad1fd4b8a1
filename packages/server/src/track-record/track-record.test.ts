import type { ScreenRecord } from '@launchlens/engine';
import { describe, expect, test } from 'vitest';
import { openSqlitePredictionLog } from './sqlite-prediction-log.js';
import { createTrackRecord } from './track-record.js';

const record = (mint: string, model = 'm1', pct = 40): ScreenRecord =>
  ({
    mint,
    analyzed_at: '2026-11-25T09:00:00.000Z',
    rug_risk: {
      score: 55,
      verdict: 'elevated',
      rug_probability_pct: pct,
      model_version: model,
      calibration: { interval_95: { lo_pct: pct - 2, hi_pct: pct + 2, method: 'wilson' } },
    },
  }) as unknown as ScreenRecord;

describe('createTrackRecord', () => {
  test('a verdict is appended the first time only; repeated calls answer without a promise', async () => {
    const log = openSqlitePredictionLog(':memory:');
    const track = createTrackRecord({ log });
    const first = record('A');
    const pending = track.publish(first, 'screen', Date.parse('2026-11-25T10:00:00Z'));
    expect(pending).toBeInstanceOf(Promise);
    await pending;
    expect(track.publish(first, 'screen', Date.now())).toBeUndefined();
    // The next day's record object for the same token and model: still logged once.
    expect(track.publish(record('A', 'm1', 41), 'screen', Date.now())).toBeUndefined();
    await track.publish(record('A', 'm2'), 'screen', Date.now());
    const entries = await log.ofMint('A');
    expect(entries.map((e) => [e.model_version, e.rug_probability_pct, e.published_at])).toEqual([
      ['m1', 40, '2026-11-25T10:00:00.000Z'],
      ['m2', 40, expect.any(String)],
    ]);
    expect(entries[0].interval_95).toEqual({ lo_pct: 38, hi_pct: 42 });
    await log.close();
  });

  test('a key the bounded memory forgot is still logged once (the unique index answers)', async () => {
    const log = openSqlitePredictionLog(':memory:');
    const track = createTrackRecord({ log, remember: 1 });
    await track.publish(record('A'), 'screen', 1);
    await track.publish(record('B'), 'screen', 2);
    await track.publish(record('A'), 'live_feed', 3);
    expect((await log.summary()).count).toBe(2);
    expect((await log.ofMint('A'))[0].published_by).toBe('screen');
    await log.close();
  });

  test('concurrent first calls for one token share one append', async () => {
    const log = openSqlitePredictionLog(':memory:');
    const track = createTrackRecord({ log });
    await Promise.all([track.publish(record('A'), 'screen', 1), track.publish(record('A'), 'screen', 1)]);
    expect((await log.summary()).count).toBe(1);
    await log.close();
  });
});
