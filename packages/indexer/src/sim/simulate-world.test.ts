import { createHash } from 'node:crypto';
import type { OracleRow } from '@launchlens/engine/internal';
import bs58 from 'bs58';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChainEvent, CreateEvent } from '../events/chain-event.js';
import { loadKnownWallets } from '../known-wallets/load-known-wallets.js';
import { defaultKnownWalletsPath } from '../repo-paths.js';
import { RUG_TYPES } from './launch/plan-launch-path.js';
import { CURVE_PARAMS } from './market/curve-params.js';
import { type SimOptions, simulateWorld } from './simulate-world.js';

const exchanges = loadKnownWallets(defaultKnownWalletsPath())
  .filter((k) => k.kind === 'exchange')
  .map((k) => ({ address: k.address, name: k.name }));
const options: SimOptions = { launches: 400, seed: 11, end: Date.UTC(2026, 2, 1), knownExchanges: exchanges };

function hashOf(events: Iterable<ChainEvent>, limit: number): string {
  const h = createHash('sha256');
  let n = 0;
  for (const e of events) {
    h.update(JSON.stringify(e));
    if (++n === limit) break;
  }
  return h.digest('hex');
}

describe('simulateWorld', () => {
  const world = simulateWorld(options);
  let events: ChainEvent[] = [];
  let oracle: readonly OracleRow[] = [];
  beforeAll(() => {
    events = [...world.events];
    oracle = world.oracle();
  });

  it('replays the same event sequence for the same seed, and another for another seed', () => {
    const a = hashOf(simulateWorld(options).events, 30_000);
    const again = simulateWorld(options);
    expect(hashOf(again.events, 30_000)).toBe(a);
    expect(hashOf(again.events, 30_000)).toBe(a);
    expect(hashOf(simulateWorld({ ...options, seed: 12 }).events, 30_000)).not.toBe(a);
  });

  it('orders events by (slot, tx_index); only events of one transaction share a position', () => {
    const bad: number[] = [];
    for (let i = 1; i < events.length; i++) {
      const [p, e] = [events[i - 1], events[i]];
      const ordered = e.slot > p.slot || (e.slot === p.slot && e.tx_index >= p.tx_index);
      const shared = e.slot === p.slot && e.tx_index === p.tx_index;
      if (!ordered || (shared && e.signature !== p.signature)) bad.push(i);
    }
    expect(bad).toEqual([]);
  });

  it('derives every event time from its slot (400 ms slots) inside the history', () => {
    const first = events[0];
    expect(events.filter((e) => e.at - first.at !== (e.slot - first.slot) * 400)).toEqual([]);
    expect(events[0].at).toBeGreaterThanOrEqual(world.historyFrom);
    expect(events.at(-1)!.at).toBeLessThanOrEqual(world.currentThrough);
    expect(world.completeSince - world.historyFrom).toBeCloseTo(
      0.1 * (world.currentThrough - world.historyFrom),
      -3,
    );
  });

  it('emits only addresses that decode to 32 bytes and signatures that decode to 64', () => {
    const checked = new Set<string>();
    const bad: string[] = [];
    const check = (address: string, bytes: number) => {
      if (checked.has(address)) return;
      checked.add(address);
      if (bs58.decode(address).length !== bytes) bad.push(address);
    };
    for (const e of events) {
      check(e.signer, 32);
      check(e.signature, 64);
      for (const key of [
        'from',
        'to',
        'wallet',
        'mint',
        'creator',
        'curve',
        'pool',
        'new_authority',
      ] as const) {
        const v = (e as unknown as Record<string, unknown>)[key];
        if (typeof v === 'string') check(v, 32);
      }
    }
    expect(bad).toEqual([]);
    expect(checked.size).toBeGreaterThan(10_000);
  });

  it('funds every wallet before it first trades, and only from exchanges or funded wallets', () => {
    const known = new Set(exchanges.map((e) => e.address));
    const funded = new Set<string>();
    const unfunded: string[] = [];
    for (const e of events) {
      if (e.kind === 'sol_transfer') {
        if (!known.has(e.from) && !funded.has(e.from)) unfunded.push(e.from);
        funded.add(e.to);
      } else if ((e.kind === 'curve_trade' || e.kind === 'pool_trade') && !funded.has(e.wallet)) {
        unfunded.push(e.wallet);
      }
    }
    expect(unfunded).toEqual([]);
  });

  it('creates every launch on its platform, migrates it once, then trades it only in its pool for < 24 h', () => {
    const creates = events.filter((e): e is CreateEvent => e.kind === 'create');
    expect(creates.length).toBe(options.launches);
    expect(oracle.length).toBe(options.launches);
    const platform = new Map(creates.map((c) => [c.mint, c.platform]));
    const migrated = new Set<string>();
    const migratedAt = new Map<string, number>();
    const outOfPhase: ChainEvent[] = [];
    for (const e of events) {
      if (e.kind === 'curve_trade' && migratedAt.has(e.mint)) outOfPhase.push(e);
      if (e.kind === 'pool_trade' && !(e.at < migratedAt.get(e.mint)! + 86_400_000)) outOfPhase.push(e);
      if (e.kind !== 'migration') continue;
      migratedAt.set(e.mint, e.at);
      const p = CURVE_PARAMS[platform.get(e.mint)!];
      expect(migrated.has(e.mint)).toBe(false);
      migrated.add(e.mint);
      expect(e.mint.endsWith(p.mintSuffix)).toBe(true);
      expect(e.venue).toBe(p.venue);
      expect(e.lp_state).toBe('burned');
      expect(e.token_raw).toBe(206_900_000_000_000);
      expect(e.sol_lamports / 1e9).toBeGreaterThan(84.9);
      expect(e.sol_lamports / 1e9).toBeLessThan(85.1);
    }
    expect(migrated.size).toBe(options.launches);
    expect(outOfPhase).toEqual([]);
  });

  it('moves each curve by exactly its trades and never lowers a pool’s reserve product', () => {
    const curves = new Map<string, { sol: number; token: number }>();
    const pools = new Map<string, number>();
    const bad: ChainEvent[] = [];
    let trades = 0;
    for (const e of events) {
      if (e.kind === 'create') {
        const p = CURVE_PARAMS[e.platform];
        curves.set(e.mint, { sol: p.virtualSolLamports, token: p.virtualTokenRaw });
      } else if (e.kind === 'curve_trade') {
        const c = curves.get(e.mint)!;
        const sign = e.side === 'buy' ? 1 : -1;
        trades++;
        if (e.virtual_sol_lamports !== c.sol + sign * e.sol_lamports) bad.push(e);
        if (e.virtual_token_raw !== c.token - sign * e.token_raw) bad.push(e);
        c.sol = e.virtual_sol_lamports;
        c.token = e.virtual_token_raw;
      } else if (e.kind === 'migration') {
        pools.set(e.mint, e.sol_lamports * e.token_raw);
      } else if (e.kind === 'pool_trade') {
        const k = e.pool_sol_lamports * e.pool_token_raw;
        trades++;
        if (k < pools.get(e.mint)! * (1 - 1e-12)) bad.push(e);
        pools.set(e.mint, k);
      }
    }
    expect(bad).toEqual([]);
    expect(trades).toBeGreaterThan(100_000);
  });

  it('drains the pools of rug-type launches ≥ 90 % from their peak and never those of the others', () => {
    const type = new Map(oracle.map((o) => [o.mint, o.launch_type]));
    const path = new Map<string, { peak: number; drawdown: number }>();
    const settled = new Set<string>();
    for (const e of events) {
      if (e.kind === 'migration' && e.at + 86_400_000 <= world.currentThrough) settled.add(e.mint);
      if (e.kind !== 'pool_trade' || !settled.has(e.mint)) continue;
      const price = e.pool_sol_lamports / e.pool_token_raw;
      const p = path.get(e.mint) ?? { peak: price, drawdown: 1 };
      p.peak = Math.max(p.peak, price);
      p.drawdown = Math.min(p.drawdown, price / p.peak);
      path.set(e.mint, p);
    }
    const wrong = [...path].filter(([mint, p]) =>
      RUG_TYPES.has(type.get(mint)!) ? p.drawdown > 0.1 : p.drawdown <= 0.2,
    );
    expect(wrong).toEqual([]);
    expect(path.size).toBeGreaterThan(options.launches * 0.3);
  });

  it('reproduces the platform split, bundle, block-0 snipe and rug shares within generous bounds', () => {
    const creates = new Map<string, CreateEvent>();
    const block0 = new Map<string, Map<string, number>>();
    const traders = new Map<string, Set<string>>();
    for (const e of events) {
      if (e.kind === 'create') creates.set(e.mint, e);
      if (e.kind !== 'curve_trade') continue;
      const set = traders.get(e.mint) ?? new Set();
      set.add(e.wallet);
      traders.set(e.mint, set);
      const c = creates.get(e.mint)!;
      if (e.side !== 'buy' || e.slot !== c.slot || e.wallet === c.creator) continue;
      const firsts = block0.get(e.mint) ?? new Map<string, number>();
      if (!firsts.has(e.wallet)) firsts.set(e.wallet, e.tx_index);
      block0.set(e.mint, firsts);
    }
    let bundled = 0;
    let sniped = 0;
    for (const [mint, firsts] of block0) {
      const txs = [...firsts.values()].sort((a, b) => a - b);
      let run = 0;
      while (run < txs.length && run < 4 && txs[run] === creates.get(mint)!.tx_index + 1 + run) run++;
      if (run > 0) bundled++;
      if (txs.length > run) sniped++;
    }
    const n = creates.size;
    const pumpfun = [...creates.values()].filter((c) => c.platform === 'pumpfun').length / n;
    const rugShare = oracle.filter((o) => RUG_TYPES.has(o.launch_type)).length / n;
    const meanP = oracle.reduce((s, o) => s + o.rug_probability, 0) / n;
    const meanTraders = [...traders.values()].reduce((s, t) => s + t.size, 0) / n;
    const minTraders = Math.min(...[...traders.values()].map((t) => t.size));
    expect(pumpfun).toBeGreaterThan(0.65);
    expect(pumpfun).toBeLessThan(0.85);
    expect(bundled / n).toBeGreaterThan(0.22);
    expect(bundled / n).toBeLessThan(0.45);
    expect(sniped / n).toBeGreaterThan(0.45);
    expect(sniped / n).toBeLessThan(0.8);
    expect(rugShare).toBeGreaterThan(0.55);
    expect(rugShare).toBeLessThan(0.8);
    expect(Math.abs(meanP - rugShare)).toBeLessThan(0.08);
    expect(meanTraders).toBeGreaterThan(95);
    expect(meanTraders).toBeLessThan(150);
    expect(minTraders).toBeGreaterThanOrEqual(50);
    expect(events.length / n).toBeLessThan(600);
  });

  it('publishes a registry of 60 named KOLs and a SOL/USD path between 120 and 260', () => {
    expect(world.kols.length).toBe(60);
    expect(new Set(world.kols.map((k) => k.name)).size).toBe(60);
    for (const k of world.kols) expect(bs58.decode(k.wallet).length).toBe(32);
    for (let at = world.historyFrom; at <= world.currentThrough; at += 3_600_000) {
      const usd = world.solUsdAt(at);
      expect(usd).toBeGreaterThan(120);
      expect(usd).toBeLessThan(260);
    }
    expect(simulateWorld(options).solUsdAt(world.historyFrom)).toBe(world.solUsdAt(world.historyFrom));
  });

  it('rejects options it cannot simulate with an IndexerError', () => {
    expect(() => simulateWorld({ ...options, launches: 0 })).toThrow(/launches/);
    expect(() => simulateWorld({ ...options, knownExchanges: [] })).toThrow(/exchange/);
  });
});
