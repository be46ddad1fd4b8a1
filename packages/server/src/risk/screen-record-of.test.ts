import { screenToken } from '@launchlens/engine';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTestWorld, type TestWorld } from '../../test/support/test-world.js';
import { createRiskContext } from './risk-context.js';
import { screenEntryOf, screenRecordOf } from './screen-record-of.js';

let world: TestWorld;
beforeAll(async () => {
  world = await buildTestWorld();
});
afterAll(() => world.store.close());

const DAY = 86_400_000;

test('a kept record equals a fresh screen, and a new day recomputes', async () => {
  const risk = createRiskContext(world.risk.model);
  const first = await screenRecordOf(world.store, risk, world.mint, world.now);
  const again = await screenRecordOf(world.store, risk, world.mint, world.now + 1000);
  expect(again).toBe(first);
  const fresh = await screenToken(world.store, world.mint, {
    model: world.risk.model,
    asOf: world.now + 1000,
    cache: createRiskContext(world.risk.model).cache,
  });
  expect(again).toEqual(fresh);
  const tomorrow = await screenRecordOf(world.store, risk, world.mint, world.now + DAY);
  expect(tomorrow).not.toBe(first);
  expect(await screenRecordOf(world.store, risk, world.mint, world.now + DAY + 1000)).toBe(tomorrow);
});

test('a token analysed after asOf is not covered, even when kept for a later asOf', async () => {
  const risk = createRiskContext(world.risk.model);
  const latest = world.mints.at(-1)!;
  expect(await screenRecordOf(world.store, risk, latest, world.now)).not.toBeNull();
  expect(await screenRecordOf(world.store, risk, latest, world.now - 24 * 3_600_000)).toBeNull();
  expect(await screenRecordOf(world.store, risk, world.unknownMint, world.now)).toBeNull();
});

test("a kept entry's UTF-8 and analysis time are those of its record, on a hit as on the first call", async () => {
  const risk = createRiskContext(world.risk.model);
  const entries = [];
  for (const asOf of [world.now, world.now + 1000, world.now + DAY]) {
    const entry = (await screenEntryOf(world.store, risk, world.mint, asOf))!;
    expect(entry.utf8.toString('utf8')).toBe(JSON.stringify(entry.record));
    expect(entry.analyzedAt).toBe(Date.parse(entry.record.analyzed_at));
    expect(entry.analyzedAt).toBeLessThanOrEqual(asOf);
    entries.push(entry);
  }
  expect(entries[1]).toBe(entries[0]);
  expect(entries[2]).not.toBe(entries[0]);
});
