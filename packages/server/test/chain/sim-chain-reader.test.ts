import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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
});
