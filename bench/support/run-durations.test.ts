import { describe, expect, it } from 'vitest';
import { runDurations } from './run-durations.js';

const previous = [
  '`pnpm bench` wall time: 14 min 2 s for all 3 scenarios, one after another (2026-11-20, commit abc1234); target ≤ 15 min.',
  'Scenario wall times (s): a 100.0 · b 700.0 · c 42.0',
  'Sum of the latest scenario times: 14 min 2 s.',
].join('\n');

describe('runDurations', () => {
  it('a filtered run keeps the last full run and updates only the scenarios it ran', () => {
    const lines = runDurations(previous, new Map([['b', 500]]), null);
    expect(lines[0]).toContain('14 min 2 s for all 3 scenarios');
    expect(lines[1]).toBe('Scenario wall times (s): a 100.0 · b 500.0 · c 42.0');
    expect(lines[2]).toBe('Sum of the latest scenario times: 10 min 42 s.');
  });

  it('a full run states its own wall time and lists only the scenarios it ran', () => {
    const fresh = new Map([
      ['c', 30],
      ['a', 61.26],
    ]);
    const lines = runDurations(previous, fresh, { seconds: 95.4, date: '2026-11-23', commit: 'def5678' });
    expect(lines[0]).toBe(
      '`pnpm bench` wall time: 1 min 35 s for all 2 scenarios, one after another (2026-11-23, commit def5678); target ≤ 15 min.',
    );
    expect(lines[1]).toBe('Scenario wall times (s): a 61.3 · c 30.0');
  });

  it('with no earlier section it says no full run is recorded', () => {
    expect(runDurations('', new Map([['a', 1]]), null)[0]).toBe(
      '`pnpm bench` wall time: no full run recorded yet.',
    );
  });
});
