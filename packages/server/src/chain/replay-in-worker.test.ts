import { defaultKnownWalletsPath, loadKnownWallets } from '@launchlens/indexer';
import { expect, test } from 'vitest';
import { replayInWorker } from './replay-in-worker.js';
import { replayKeptLaunches } from './replay-kept-launches.js';

const end = Date.parse('2026-08-01T00:00:00Z');
const options = {
  launches: 30,
  seed: 7,
  end,
  days: 0.2,
  knownExchanges: loadKnownWallets(defaultKnownWalletsPath()).filter((k) => k.kind === 'exchange'),
  // Mid-history: launches still on their curve keep their events, later ones are not replayed.
  at: end - 0.1 * 86_400_000,
};

test('the worker hands over the same launch states, in the same order, as replaying in the event loop', async () => {
  const expected = [...replayKeptLaunches(options)];
  const batches: (readonly unknown[])[] = [];
  for await (const launches of replayInWorker(options, { batch: 4 })) batches.push(launches);
  expect(batches.flat()).toEqual(expected);
  expect(expected.some((k) => k.events !== null)).toBe(true);
  expect(expected.length).toBeLessThan([...replayKeptLaunches({ ...options, at: end })].length);
  expect(batches.slice(0, -1).every((b) => b.length === 4)).toBe(true);
});
