import { expect, test } from 'vitest';
import { openSqliteLedger } from './sqlite-ledger.js';

const request = (keyId: string, idempotencyKey: string, credits = 2) => ({
  keyId,
  credits,
  route: 'stream_migrations',
  requestId: 'req-1',
  at: 1000,
  idempotencyKey,
});

test('a debit is taken once per idempotency key; a repeat is a duplicate that takes nothing', async () => {
  const ledger = openSqliteLedger(':memory:');
  const { record } = await ledger.createKey({ credits: 10, at: 0 });
  expect(await ledger.debitOnce(request(record.id, 'k:migrations:1'))).toMatchObject({
    kind: 'debited',
    balance: 8,
  });
  const [a, b] = await Promise.all([
    ledger.debitOnce(request(record.id, 'k:migrations:2')),
    ledger.debitOnce(request(record.id, 'k:migrations:2')),
  ]);
  expect([a.kind, b.kind]).toEqual(['debited', 'duplicate']);
  expect(await ledger.debitOnce(request(record.id, 'k:migrations:1'))).toMatchObject({
    kind: 'duplicate',
    balance: 6,
  });
  expect((await ledger.findKeyById(record.id))!.credits).toBe(6);
  expect(await ledger.charges(record.id)).toHaveLength(2);
  await ledger.close();
});

test('a debit the balance cannot cover is refused and leaves no claim, so it can succeed after a grant', async () => {
  const ledger = openSqliteLedger(':memory:');
  const { record } = await ledger.createKey({ credits: 1, at: 0 });
  expect(await ledger.debitOnce(request(record.id, 'k:kols:9'))).toEqual({
    kind: 'insufficient',
    balance: 1,
  });
  await ledger.grant(record.id, 5, 'top-up', 1);
  expect(await ledger.debitOnce(request(record.id, 'k:kols:9'))).toMatchObject({
    kind: 'debited',
    balance: 4,
  });
  expect(await ledger.debitOnce(request('key_missing', 'x'))).toEqual({ kind: 'unknown_key' });
  await ledger.close();
});

test('a debitOnce that cannot be written fails alone; the debit, reservation and debitOnce of its turn commit', async () => {
  const ledger = openSqliteLedger(':memory:');
  const { record } = await ledger.createKey({ credits: 20, at: 0 });
  const plain = { keyId: record.id, credits: 2, route: 'screen', requestId: 'r', at: 1 };
  // A null request id breaks the charges table's NOT NULL after the balance was already taken.
  const broken = { ...request(record.id, 'k:migrations:5'), requestId: null as unknown as string };
  const results = await Promise.allSettled([
    ledger.debit(plain),
    ledger.debitOnce(broken),
    ledger.reserve(plain),
    ledger.debitOnce(request(record.id, 'k:migrations:6')),
  ]);
  expect(results.map((r) => (r.status === 'fulfilled' ? r.value.kind : 'rejected'))).toEqual([
    'debited',
    'rejected',
    'reserved',
    'debited',
  ]);
  expect(await ledger.findKeyById(record.id)).toMatchObject({ credits: 16, held: 2 });
  expect(await ledger.debitOnce(request(record.id, 'k:migrations:5'))).toMatchObject({
    kind: 'debited',
    balance: 14,
  });
  await ledger.close();
});
