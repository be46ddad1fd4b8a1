import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Manifest } from '@launchlens/engine';
import { replayLaunches } from '@launchlens/indexer';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkExit } from '../../src/chain/check-exit.js';
import { foldLaunchEvents } from '../../src/chain/fold-launch-events.js';
import { createPoolQuoteClient } from '../../src/chain/pool-quote-client.js';
import { WSOL_MINT } from '../../src/chain/quote-client.js';
import { createSimChainReader } from '../../src/chain/sim-chain-reader.js';
import { buildSimTestWorld, type SimTestWorld } from './sim-world.js';

let w: SimTestWorld;
let tokens: { mint: string; analyzed_at: number; created_at: number }[];

beforeAll(async () => {
  w = await buildSimTestWorld();
  tokens = await w.store.all(
    'SELECT mint, epoch_ms(analyzed_at) AS analyzed_at, epoch_ms(created_at) AS created_at FROM tokens ORDER BY analyzed_at',
  );
}, 60_000);
afterAll(async () => {
  await w.store.close();
  rmSync(w.dir, { recursive: true, force: true });
});

describe('the simulated chain reader', () => {
  test("at a token's analysis moment its holders are the dataset's baseline holders", async () => {
    const token = tokens[Math.floor(tokens.length / 2)];
    const reader = createSimChainReader({
      manifest: w.manifest,
      knownExchanges: w.exchanges,
      at: token.analyzed_at,
    });
    const live = await reader.holders(token.mint);
    expect(live).not.toBeNull();
    const baseline = await w.store.all<{ wallet: string; supply_pct: number }>(
      'SELECT wallet, supply_pct FROM holders WHERE mint = $mint AND supply_pct > 0',
      { mint: token.mint },
    );
    expect(baseline.length).toBeGreaterThan(5);
    const liveByWallet = new Map(
      live!.holdings.map((h) => [h.wallet, (100 * h.token_raw) / live!.supply_raw]),
    );
    for (const b of baseline) expect(liveByWallet.get(b.wallet)).toBeCloseTo(b.supply_pct, 6);
    expect(live!.holdings.length).toBe(baseline.length);
  });

  test("a folded dataset's manifest rebuilds its simulated history's world, not one of its own count and end", async () => {
    const folded = {
      ...w.manifest,
      launches: w.manifest.launches + 50,
      current_through: new Date(Date.parse(w.manifest.current_through) + 86_400_000).toISOString(),
      sim_history: { launches: w.manifest.launches, current_through: w.manifest.current_through },
    };
    const token = tokens[Math.floor(tokens.length / 2)];
    const of = (manifest: Manifest) =>
      createSimChainReader({ manifest, knownExchanges: w.exchanges, at: Date.now(), stateDir: w.dir });
    const reader = of(folded);
    expect(await reader.ready()).toBe(w.manifest.launches);
    expect(await reader.holders(token.mint)).toEqual(await of(w.manifest).holders(token.mint));
  });

  test('at the end of history every dataset token is migrated with a pool holding SOL', async () => {
    const reader = createSimChainReader({
      manifest: w.manifest,
      knownExchanges: w.exchanges,
      at: Date.now(),
    });
    expect(await reader.ready()).toBe(w.manifest.launches);
    for (const t of tokens.slice(0, 5)) {
      const state = await reader.tokenState(t.mint);
      expect(state.kind).toBe('migrated');
      if (state.kind === 'migrated') expect(state.pool!.sol_lamports).toBeGreaterThan(0);
    }
    expect(await reader.curveEvents(tokens[0].mint)).toBeNull();
  });

  test('between create and migration a token is on its curve and its events end before the moment', async () => {
    const token = tokens.at(-1)!;
    const at = Math.floor((token.created_at + token.analyzed_at) / 2);
    const reader = createSimChainReader({ manifest: w.manifest, knownExchanges: w.exchanges, at });
    const state = await reader.tokenState(token.mint);
    expect(state.kind).toBe('curve');
    const events = await reader.curveEvents(token.mint);
    expect(events!.some((e) => e.kind === 'create')).toBe(true);
    expect(events!.every((e) => e.at <= at)).toBe(true);
    expect(events!.some((e) => e.kind === 'migration')).toBe(false);
  });

  test('launch states live in a file, not in memory: a second reader of the same world answers the same without replaying', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'sim-states-'));
    try {
      const options = { manifest: w.manifest, knownExchanges: w.exchanges, at: Date.now(), stateDir };
      const first = createSimChainReader(options);
      expect(await first.ready()).toBe(w.manifest.launches);
      expect(readdirSync(stateDir).filter((f) => f.endsWith('.sqlite'))).toHaveLength(1);
      const second = createSimChainReader({ ...options, batch: 1 });
      const started = performance.now();
      expect(await second.ready()).toBe(w.manifest.launches);
      // No replay: the 400-launch replay takes ≈ 1 s; reading the finished file's count takes ms.
      expect(performance.now() - started).toBeLessThan(500);
      for (const t of [tokens[0], tokens[Math.floor(tokens.length / 2)], tokens.at(-1)!]) {
        expect(await second.tokenState(t.mint)).toEqual(await first.tokenState(t.mint));
        expect(await second.holders(t.mint)).toEqual(await first.holders(t.mint));
      }
    } finally {
      rmSync(stateDir, { recursive: true, force: true });
    }
  });

  test('a live launch leaves memory 25 h after its migration and is still answered the same', async () => {
    const [launch] = replayLaunches({
      launches: 40,
      seed: 98,
      end: Date.parse('2026-08-01T00:00:00Z'),
      days: 0.2,
      knownExchanges: w.exchanges,
    });
    const events = launch.events();
    const mint = events.find((e) => e.kind === 'create')!.mint;
    const migratedAt = events.find((e) => e.kind === 'migration')!.at;
    let clock = events.at(-1)!.at;
    const reader = createSimChainReader({
      manifest: w.manifest,
      knownExchanges: w.exchanges,
      at: Date.now(),
      now: () => clock,
      stateDir: mkdtempSync(join(tmpdir(), 'sim-states-')),
    });
    reader.observe(events);
    const before = await reader.holders(mint);
    const state = await reader.tokenState(mint);
    expect(reader.liveInMemory()).toBe(1);
    clock = migratedAt + 25 * 3_600_000 + 1;
    reader.observe([]);
    expect(reader.liveInMemory()).toBe(0);
    expect(await reader.holders(mint)).toEqual({ ...before, at: clock, method: expect.any(String) });
    expect(await reader.tokenState(mint)).toEqual({ ...state, at: clock });
  });

  test('a mint the world never created is unknown', async () => {
    const reader = createSimChainReader({
      manifest: w.manifest,
      knownExchanges: w.exchanges,
      at: Date.now(),
    });
    const state = await reader.tokenState('7GCihgDB8fe6KNjn2MYtkzZcRjQy3t9GHdC8uHYmW2hr');
    expect(state.kind).toBe('unknown');
    expect(await reader.holders('7GCihgDB8fe6KNjn2MYtkzZcRjQy3t9GHdC8uHYmW2hr')).toBeNull();
  });

  test('launches fed live are folded as their events arrive and answered at the feed clock', async () => {
    // A launch of another world (seed 99) stands in for one the live feed runs after the history.
    const days = 0.2;
    const [launch] = replayLaunches({
      launches: 40,
      seed: 99,
      end: Date.parse('2026-08-01T00:00:00Z'),
      days,
      knownExchanges: w.exchanges,
    });
    const events = launch.events();
    const migration = events.findIndex((e) => e.kind === 'migration');
    const mint = events.find((e) => e.kind === 'create')!.mint;
    let clock = events[migration - 1].at;
    const reader = createSimChainReader({
      manifest: w.manifest,
      knownExchanges: w.exchanges,
      at: Date.now(),
      now: () => clock,
    });
    reader.observe(events.slice(0, migration));
    const onCurve = await reader.tokenState(mint);
    expect(onCurve).toMatchObject({ kind: 'curve', at: clock });
    const read = (await reader.curveEvents(mint))!;
    const own = events.slice(0, migration).filter((e) => 'mint' in e);
    expect(read.filter((e) => 'mint' in e)).toEqual(own);
    // Beside its own events: the SOL transfers that funded its traders, for the builder's wallet classes.
    const traders = new Set(
      own.flatMap((e) => (e.kind === 'curve_trade' ? [e.wallet] : e.kind === 'create' ? [e.creator] : [])),
    );
    const funding = read.filter((e) => !('mint' in e));
    expect(funding.length).toBeGreaterThan(0);
    expect(funding.every((e) => e.kind === 'sol_transfer' && traders.has(e.to))).toBe(true);
    clock = events.at(-1)!.at;
    reader.observe(events.slice(migration));
    expect((await reader.tokenState(mint)).kind).toBe('migrated');
    expect(await reader.curveEvents(mint)).toBeNull();
    const expected = foldLaunchEvents(events, clock)!;
    const live = await reader.holders(mint);
    expect(new Map(live!.holdings.map((h) => [h.wallet, h.token_raw]))).toEqual(expected.balances);
    expect(live!.at).toBe(clock);
  });

  test('on its curve a token is quoted on the curve, and a sell never pays more SOL than the curve holds', async () => {
    const token = tokens.at(-1)!;
    const at = token.created_at + 1_000;
    const reader = createSimChainReader({ manifest: w.manifest, knownExchanges: w.exchanges, at });
    const state = await reader.tokenState(token.mint);
    if (state.kind !== 'curve') throw new Error('expected a curve token');
    const quotes = createPoolQuoteClient(reader);
    const sell = await quotes.quote({ input_mint: token.mint, output_mint: WSOL_MINT, amount_raw: 5e14 });
    if (sell.kind === 'quote') expect(sell.out_raw).toBeLessThanOrEqual(state.curve.real_sol_lamports);
    else expect(sell.reason).toMatch(/no SOL/);
    const { exit } = await checkExit(quotes, token.mint);
    expect(exit.ladder[0].buy_route?.[0]).toMatch(/_curve$/);
  });
});
