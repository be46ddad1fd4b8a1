import { expect, it } from 'vitest';
import { releaseHeap } from './release-heap.js';

it('hands the pages of collected objects back to the system', async () => {
  let garbage: { i: number; s: string }[] | null = Array.from({ length: 2_000_000 }, (_, i) => ({
    i,
    s: `row ${i}`,
  }));
  const grown = process.memoryUsage();
  const collected = new WeakRef(garbage);
  garbage = null;
  await releaseHeap();
  const after = process.memoryUsage();
  expect(collected.deref()).toBeUndefined();
  expect(after.heapTotal).toBeLessThan(grown.heapTotal - 80e6);
  expect(after.rss).toBeLessThan(grown.rss - 80e6);
});
