import type { ChainEvent } from '@launchlens/indexer';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '../src/builder/classification-rules.js';
import { SnapshotBuilder } from '../src/builder/snapshot-builder.js';
import { loadKnownWallets } from '../src/known-wallets/load-known-wallets.js';
import { defaultKnownWalletsPath } from '../src/repo-paths.js';
import { simulateWorld } from '../src/sim/simulate-world.js';

function snapshots(events: Iterable<ChainEvent>, world: ReturnType<typeof simulateWorld>) {
  const out = new Map<string, object[]>();
  const builder = new SnapshotBuilder(
    {
      rules: DEFAULT_RULES,
      exchanges: new Map(),
      kolWallets: new Set(world.kols.map((k) => k.wallet)),
      solUsdAt: world.solUsdAt,
      ticksFrom: 0,
    },
    (table, row) => {
      if (table !== 'tokens' && table !== 'holders') return;
      const mint = (row as { mint: string }).mint;
      out.set(mint, [...(out.get(mint) ?? []), row]);
    },
  );
  for (const e of events) builder.push(e);
  return out;
}

describe('point in time', () => {
  it("a launch's snapshot is the same whether or not later launches follow in the stream", () => {
    const world = () =>
      simulateWorld({
        launches: 80,
        seed: 3,
        end: Date.UTC(2026, 9, 1),
        knownExchanges: loadKnownWallets(defaultKnownWalletsPath()).map((k) => ({
          address: k.address,
          name: k.name,
        })),
      });
    const all = [...world().events];
    const migrations = all.filter((e) => e.kind === 'migration');
    const cut = migrations[Math.floor(migrations.length / 2)];
    const prefix = all.slice(0, all.indexOf(cut) + 1);
    const full = snapshots(all, world());
    const partial = snapshots(prefix, world());
    expect(partial.size).toBeGreaterThan(10);
    for (const [mint, rows] of partial) expect(full.get(mint), mint).toEqual(rows);
  });
});
