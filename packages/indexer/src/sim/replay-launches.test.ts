import { describe, expect, test } from 'vitest';
import type { ChainEvent } from '../events/chain-event.js';
import { replayLaunches } from './replay-launches.js';
import { simulateWorld } from './simulate-world.js';

const OPTIONS = {
  launches: 24,
  seed: 11,
  end: Date.parse('2026-05-01T00:00:00Z'),
  knownExchanges: [
    { address: 'AC5RDfQFmDS1deWZos921JfqscXdByf8BKHs5ACWjtW2', name: 'Bybit' },
    { address: '5tzFkiKscXHK5ZXCGbXZxdw7gTjjD1mBwuoFbhUvuAi9', name: 'Binance' },
  ],
};

const mintOf = (e: ChainEvent) => ('mint' in e ? e.mint : null);
const strip = ({ tx_index: _, ...rest }: ChainEvent) => rest;

describe('replayLaunches', () => {
  test("each replayed launch's mint events are exactly the world's events for that mint", () => {
    const world = new Map<string, ChainEvent[]>();
    for (const e of simulateWorld(OPTIONS).events) {
      const mint = mintOf(e);
      if (mint === null) continue;
      const list = world.get(mint);
      if (list) list.push(e);
      else world.set(mint, [e]);
    }
    let replayed = 0;
    for (const launch of replayLaunches(OPTIONS)) {
      const own = launch.events().filter((e) => mintOf(e) !== null);
      const create = own.find((e) => e.kind === 'create');
      expect(create?.at).toBeGreaterThanOrEqual(launch.createAt - 400);
      const mint = mintOf(own[0])!;
      expect(own.map(strip)).toEqual(world.get(mint)!.map(strip));
      replayed++;
    }
    expect(replayed).toBe(OPTIONS.launches);
    expect(world.size).toBe(OPTIONS.launches);
  });
});
