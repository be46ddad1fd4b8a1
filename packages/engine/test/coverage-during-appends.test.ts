import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SERVED_WALLETS_SEEN_SQL, WALLETS_SEEN_SQL } from '../src/coverage/describe-coverage.js';
import type { DatasetStore } from '../src/store/dataset-store.js';
import { openDataset } from '../src/store/open-dataset.js';
import { holderRow } from '../src/testing/table-rows.js';

const DIR = fileURLToPath(new URL('../../../datasets/test-small', import.meta.url));

let store: DatasetStore;
beforeAll(async () => {
  store = await openDataset(DIR);
}, 60_000);
afterAll(() => store?.close());

it('counts the wallets seen, base and appended, while another connection appends holders', async () => {
  const known = (
    await store.all<{ wallet: string }>('SELECT DISTINCT wallet FROM holders ORDER BY wallet LIMIT 500')
  ).map((r) => r.wallet);
  let stop = false;
  let batches = 0;
  // A live feed's appends: launches whose traders are half known wallets, half new ones.
  const appending = (async () => {
    while (!stop) {
      const i = batches++;
      await store.appendRows(
        'holders',
        Array.from({ length: 120 }, (_, j) =>
          holderRow({
            mint: `live${i}`.padEnd(44, 'm'),
            wallet: j % 2 ? known[(i * 7 + j) % known.length] : `new${i}x${j}`.padEnd(44, 'w'),
          }),
        ),
      );
    }
  })();
  const failures: string[] = [];
  let asked = 0;
  const until = Date.now() + 1500;
  while (Date.now() < until || asked < 20) {
    asked++;
    await store.all(SERVED_WALLETS_SEEN_SQL).catch((e: Error) => failures.push(e.message));
  }
  stop = true;
  await appending;
  expect(batches).toBeGreaterThan(5);
  expect(failures.slice(0, 1)).toEqual([]);
  // Once the appends stop it counts what a pass over every holder row counts.
  expect(await store.all(SERVED_WALLETS_SEEN_SQL)).toEqual(await store.all(WALLETS_SEEN_SQL));
}, 60_000);
