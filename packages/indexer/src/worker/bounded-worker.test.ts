import { describe, expect, it } from 'vitest';
import { runBoundedWorker } from './bounded-worker.js';

const ENTRY = new URL('./counting-worker.fixture.ts', import.meta.url).href;

class Failed extends Error {}

function counting(count: number, failAt: number | null = null) {
  return runBoundedWorker<{ count: number; failAt: number | null }, number | 'end'>(
    ENTRY,
    { count, failAt },
    { maxInFlight: 2, isLast: (m) => m === 'end', failure: (cause) => new Failed(String(cause)) },
  );
}

describe('runBoundedWorker', () => {
  it('yields every message in order, the last included', async () => {
    const seen: (number | 'end')[] = [];
    for await (const m of counting(50)) seen.push(m);
    expect(seen).toEqual([...Array.from({ length: 50 }, (_, i) => i), 'end']);
  });

  it("throws the caller's error when the worker fails, after what it posted before", async () => {
    const seen: (number | 'end')[] = [];
    const read = async () => {
      for await (const m of counting(10, 3)) seen.push(m);
    };
    await expect(read()).rejects.toThrow(Failed);
    await expect(read()).rejects.toThrow(/failed at 3/);
    expect(seen.slice(0, 3)).toEqual([0, 1, 2]);
  });

  it('ends when the consumer stops early', async () => {
    const seen: (number | 'end')[] = [];
    for await (const m of counting(1000)) {
      seen.push(m);
      if (m === 4) break;
    }
    expect(seen).toEqual([0, 1, 2, 3, 4]);
  });
});
