import { screenToken } from '@launchlens/engine';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestWorld, type TestWorld } from '../../test/support/test-world.js';
import { createRiskContext } from './risk-context.js';
import { warmRiskContext } from './warm-risk-context.js';

let world: TestWorld;
beforeAll(async () => {
  world = await buildTestWorld();
});
afterAll(() => world.store.close());

test('a warmed context holds the day’s calibration and no token, and screens exactly as a cold one', async () => {
  const warm = createRiskContext(world.risk.model);
  await warmRiskContext(world.store, warm, world.now);
  expect(warm.cache.tokens.size).toBe(0);
  expect(warm.cache.calibrations.size).toBe(1);
  const cold = createRiskContext(world.risk.model);
  for (const mint of [world.mint, world.skippedMint, world.mints[3]]) {
    const a = await screenToken(world.store, mint, { model: warm.model, asOf: world.now, cache: warm.cache });
    const b = await screenToken(world.store, mint, { model: cold.model, asOf: world.now, cache: cold.cache });
    expect(a).toEqual(b);
  }
});
