import { expect, test } from 'vitest';
import { SnapshotBuilder } from '../builder/snapshot-builder.js';
import type { ChainEvent } from '../events/chain-event.js';
import { loadKnownWallets } from '../known-wallets/load-known-wallets.js';
import { defaultKnownWalletsPath } from '../repo-paths.js';
import { simulateWorld } from '../sim/simulate-world.js';
import { simulateLiveWorld } from './simulate-live-world.js';

const knownExchanges = loadKnownWallets(defaultKnownWalletsPath())
  .filter((k) => k.kind === 'exchange')
  .map((k) => ({ address: k.address, name: k.name }));

test('the live world continues a history: new mints in chain order after `from`, the same KOLs, built by the same builder', () => {
  const end = Date.UTC(2026, 5, 1);
  const history = simulateWorld({ launches: 40, seed: 11, end, days: 0.5, knownExchanges });
  const historicalMints = new Set<string>();
  for (const e of history.events) if (e.kind === 'create') historicalMints.add(e.mint);

  const live = simulateLiveWorld({
    seed: 11,
    historyFrom: history.historyFrom,
    from: end,
    firstOrdinal: 2 ** 30,
    launchesPerDay: 200,
    knownExchanges,
  });
  expect(live.kols).toEqual(history.kols);

  const tokens: { mint: string; analyzed_at: number }[] = [];
  const builder = new SnapshotBuilder(
    {
      exchanges: new Map(knownExchanges.map((k) => [k.address, k.name])),
      kolWallets: new Set(live.kols.map((k) => k.wallet)),
      solUsdAt: live.solUsdAt,
      ticksFrom: end,
    },
    (table, row) => {
      if (table === 'tokens') tokens.push(row as { mint: string; analyzed_at: number });
    },
  );
  let previous: ChainEvent | null = null;
  let ordered = true;
  const creates: ChainEvent[] = [];
  while (tokens.length < 10) {
    const e = live.events.next().value as ChainEvent;
    if (previous && (e.slot < previous.slot || (e.slot === previous.slot && e.tx_index < previous.tx_index)))
      ordered = false;
    previous = e;
    if (e.kind === 'create') creates.push(e);
    builder.push(e);
  }
  expect(ordered).toBe(true);
  expect(creates.every((c) => c.at >= end)).toBe(true);
  expect(tokens.every((t) => t.analyzed_at > end && !historicalMints.has(t.mint))).toBe(true);
  expect(new Set(tokens.map((t) => t.mint)).size).toBe(10);
});
