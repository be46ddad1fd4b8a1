import type { OutcomeRow, PositionRow, TokenRow } from '@launchlens/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '../builder/classification-rules.js';
import { type BuildStats, SnapshotBuilder } from '../builder/snapshot-builder.js';
import { loadKnownWallets } from '../known-wallets/load-known-wallets.js';
import { defaultKnownWalletsPath } from '../repo-paths.js';
import { RUG_TYPES } from './launch/plan-launch-path.js';
import { simulateWorld } from './simulate-world.js';

const exchanges = loadKnownWallets(defaultKnownWalletsPath())
  .filter((k) => k.kind === 'exchange')
  .map((k) => ({ address: k.address, name: k.name }));

/** The simulator through the real snapshot builder: the rows it writes must show the world's design. */
describe('simulateWorld through the snapshot builder', () => {
  const world = simulateWorld({
    launches: 600,
    seed: 5,
    end: Date.UTC(2026, 3, 1),
    knownExchanges: exchanges,
  });
  const tokens: TokenRow[] = [];
  const outcomes = new Map<string, OutcomeRow>();
  const kolRealized = new Map<string, number>();
  const kolWallets = new Set(world.kols.map((k) => k.wallet));
  let stats: BuildStats;
  beforeAll(() => {
    const builder = new SnapshotBuilder(
      {
        rules: DEFAULT_RULES,
        exchanges: new Map(exchanges.map((e) => [e.address, e.name])),
        kolWallets,
        solUsdAt: world.solUsdAt,
        ticksFrom: world.currentThrough,
      },
      (table, row) => {
        if (table === 'tokens') tokens.push(row as TokenRow);
        else if (table === 'outcomes') outcomes.set((row as OutcomeRow).mint, row as OutcomeRow);
        else if (table === 'positions') {
          const p = row as PositionRow;
          if (kolWallets.has(p.wallet))
            kolRealized.set(p.wallet, (kolRealized.get(p.wallet) ?? 0) + p.realized_sol);
        }
      },
    );
    for (const e of world.events) builder.push(e);
    stats = builder.finish(world.currentThrough);
  });

  it('migrates every launch, with no orphan events and no skipped token', () => {
    expect(stats.migrated).toBe(600);
    expect(stats.unmigrated).toBe(0);
    expect(stats.orphanEvents).toBe(0);
    expect(tokens.filter((t) => t.skipped)).toEqual([]);
  });

  it('labels rugged exactly the launches whose hidden type is a rug', () => {
    const type = new Map(world.oracle().map((o) => [o.mint, o.launch_type]));
    const settled = tokens.filter((t) => outcomes.has(t.mint));
    expect(settled.length).toBeGreaterThan(400);
    const disagree = settled.filter((t) => outcomes.get(t.mint)!.rugged !== RUG_TYPES.has(type.get(t.mint)!));
    expect(disagree.map((t) => type.get(t.mint))).toEqual([]);
  });

  it('shows the design targets in the builder’s own rows', () => {
    const n = tokens.length;
    const share = (f: (t: TokenRow) => boolean) => tokens.filter(f).length / n;
    const settled = [...outcomes.values()];
    const rugs = settled.filter((o) => o.rugged);
    const analyzedAt = new Map(tokens.map((t) => [t.mint, t.analyzed_at]));
    const within6h = rugs.filter((o) => o.rugged_at! - analyzedAt.get(o.mint)! <= 6 * 3_600_000).length;
    const creators = new Set(tokens.map((t) => t.creator)).size;
    expect(share((t) => t.platform === 'pumpfun')).toBeGreaterThan(0.65);
    expect(share((t) => t.platform === 'pumpfun')).toBeLessThan(0.85);
    expect(share((t) => t.block0_snipers_n > 0)).toBeGreaterThan(0.45);
    expect(share((t) => t.bundle_n > 0)).toBeGreaterThan(0.22);
    expect(share((t) => t.bundle_n > 0)).toBeLessThan(0.45);
    expect(rugs.length / settled.length).toBeGreaterThan(0.55);
    expect(rugs.length / settled.length).toBeLessThan(0.8);
    expect(within6h / rugs.length).toBeGreaterThan(0.8);
    expect(n / creators).toBeGreaterThan(1.8);
    expect(n / creators).toBeLessThan(3.6);
    expect(share((t) => t.fresh_n > 0)).toBeGreaterThan(0.9);
    expect(share((t) => t.whales_n > 0)).toBeGreaterThan(0.5);
    expect(share((t) => t.wash_share > 0)).toBeGreaterThan(0.05);
  });

  it('gives KOLs different realized PnL (some win, some lose)', () => {
    const pnl = [...kolRealized.values()];
    expect(pnl.length).toBeGreaterThan(20);
    expect(Math.max(...pnl)).toBeGreaterThan(1);
    expect(Math.min(...pnl)).toBeLessThan(-1);
  });
});
