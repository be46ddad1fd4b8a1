import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Ledger } from '../ledger/ledger.js';
import { openSqliteLedger } from '../ledger/sqlite-ledger.js';
import { ensureDevelopmentKey } from './ensure-development-key.js';

let dir: string;
let ledger: Ledger;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dev-key-'));
  ledger = openSqliteLedger(join(dir, 'ledger.sqlite'));
});
afterEach(async () => {
  await ledger.close();
  rmSync(dir, { recursive: true, force: true });
});

const options = () => ({
  ledger,
  path: join(dir, 'var', 'dev-api-key'),
  credits: 10_000,
  nodeEnv: 'development' as const,
});

test('starts reuse one development key and top it up to the configured credits', async () => {
  const first = await ensureDevelopmentKey({ ...options(), at: 1 });
  expect(first).toMatchObject({ credits: 10_000, minted: true });
  const key = await ledger.findKey(first!.secret);
  await ledger.debit({ keyId: key!.id, credits: 2_500, route: 'screen', requestId: 'r1', at: 2 });

  const second = await ensureDevelopmentKey({ ...options(), at: 3 });
  expect(second).toEqual({ secret: first!.secret, credits: 10_000, minted: false });
  expect((await ledger.findKey(first!.secret))!.credits).toBe(10_000);
  expect(await ledger.listKeys()).toHaveLength(1);
});

test('a key holding more than the configured credits keeps them', async () => {
  const first = await ensureDevelopmentKey({ ...options(), at: 1 });
  const key = await ledger.findKey(first!.secret);
  await ledger.grant(key!.id, 5_000, 'bought', 2);
  expect(await ensureDevelopmentKey({ ...options(), at: 3 })).toMatchObject({
    credits: 15_000,
    minted: false,
  });
});

test('a kept secret the ledger does not know (a new ledger file) is replaced by a new key', async () => {
  const path = options().path;
  await ensureDevelopmentKey({ ...options(), at: 1 });
  writeFileSync(path, 'll_live_not_a_key_of_this_ledger\n');
  const again = await ensureDevelopmentKey({ ...options(), at: 2 });
  expect(again).toMatchObject({ minted: true, credits: 10_000 });
  expect(await ledger.listKeys()).toHaveLength(2);
});

test('production never mints, reads or writes a development key', async () => {
  expect(await ensureDevelopmentKey({ ...options(), nodeEnv: 'production', at: 1 })).toBeNull();
  expect(existsSync(options().path)).toBe(false);
  expect(await ledger.listKeys()).toHaveLength(0);
});
