import { describe, expect, test } from 'vitest';
import {
  LEDGER_IMPLEMENTATIONS,
  openLedgerPerTest,
} from '../../test/scale/support/ledger-implementations.js';

const hold = (keyId: string, credits: number, at = 1) => ({
  keyId,
  credits,
  route: 'screen',
  requestId: `r-${at}`,
  at,
});

describe.each(LEDGER_IMPLEMENTATIONS)('two-phase charges on the $name ledger', (impl) => {
  const t = openLedgerPerTest(impl);

  /** grants − posted charges = credits, and 0 ≤ held ≤ credits. */
  const expectInvariant = async (keyId: string) => {
    const key = (await t.ledger.findKeyById(keyId))!;
    const charged = (await t.ledger.charges(keyId)).reduce((s, c) => s + c.credits, 0);
    expect(key.credits).toBe(100 - charged);
    expect(key.held).toBeGreaterThanOrEqual(0);
    expect(key.held).toBeLessThanOrEqual(key.credits);
    return key;
  };

  test('a reservation holds credits from the available balance; posting charges only what is posted', async () => {
    const { record } = await t.ledger.createKey({ credits: 100, at: 0 });
    const a = await t.ledger.reserve(hold(record.id, 60));
    expect(a).toMatchObject({ kind: 'reserved', available: 40 });
    expect(await t.ledger.reserve(hold(record.id, 50))).toEqual({ kind: 'insufficient', balance: 40 });
    expect(await t.ledger.debit({ ...hold(record.id, 41) })).toEqual({ kind: 'insufficient', balance: 40 });
    expect(await expectInvariant(record.id)).toMatchObject({ credits: 100, held: 60 });
    if (a.kind !== 'reserved') throw new Error('unreachable');
    expect(await t.ledger.post(a.reservationId, 20, 2)).toMatchObject({ kind: 'posted', balance: 80 });
    expect(await expectInvariant(record.id)).toMatchObject({ credits: 80, held: 0 });
    expect(await t.ledger.charges(record.id)).toEqual([
      expect.objectContaining({ credits: 20, route: 'screen' }),
    ]);
    expect(await t.ledger.post(a.reservationId, 20, 3)).toEqual({ kind: 'gone' });
    expect(await expectInvariant(record.id)).toMatchObject({ credits: 80, held: 0 });
  });

  test('a post never charges more than was reserved, and posting 0 voids without a charge', async () => {
    const { record } = await t.ledger.createKey({ credits: 100, at: 0 });
    const a = await t.ledger.reserve(hold(record.id, 10));
    const b = await t.ledger.reserve(hold(record.id, 10));
    if (a.kind !== 'reserved' || b.kind !== 'reserved') throw new Error('not reserved');
    expect(await t.ledger.post(a.reservationId, 999, 2)).toMatchObject({ kind: 'posted', balance: 90 });
    expect(await t.ledger.post(b.reservationId, 0, 2)).toEqual({
      kind: 'posted',
      balance: 90,
      chargeId: null,
    });
    expect(await t.ledger.charges(record.id)).toHaveLength(1);
    await expectInvariant(record.id);
  });

  test.runIf(impl.storedHolds)(
    'reservations left by a crash hold credits until voided at the next start, and never charge',
    async () => {
      const { record } = await t.ledger.createKey({ credits: 100, at: 0 });
      await t.ledger.reserve(hold(record.id, 30, 5));
      await t.ledger.reserve(hold(record.id, 30, 50));
      await t.ledger.close();
      t.ledger = await t.store.open();
      expect(await expectInvariant(record.id)).toMatchObject({ credits: 100, held: 60 });
      expect(await t.ledger.voidReservations(10)).toBe(1);
      expect(await expectInvariant(record.id)).toMatchObject({ credits: 100, held: 30 });
      expect(await t.ledger.voidReservations(Number.MAX_SAFE_INTEGER)).toBe(1);
      expect(await expectInvariant(record.id)).toMatchObject({ credits: 100, held: 0 });
      expect(await t.ledger.charges(record.id)).toEqual([]);
    },
  );

  test.runIf(!impl.storedHolds)(
    'a hold is kept by the process that made it: the store holds nothing, and a reopen (a crash) voids it without a charge',
    async () => {
      const { record } = await t.ledger.createKey({ credits: 100, at: 0 });
      const a = await t.ledger.reserve(hold(record.id, 30, 5));
      if (a.kind !== 'reserved') throw new Error('not reserved');
      expect(await expectInvariant(record.id)).toMatchObject({ credits: 100, held: 30 });
      const other = await t.store.open();
      expect(await other.findKeyById(record.id)).toMatchObject({ credits: 100, held: 0 });
      await other.close();
      await t.ledger.close();
      t.ledger = await t.store.open();
      expect(await expectInvariant(record.id)).toMatchObject({ credits: 100, held: 0 });
      expect(await t.ledger.post(a.reservationId, 30, 6)).toEqual({ kind: 'gone' });
      expect(await t.ledger.charges(record.id)).toEqual([]);
    },
  );

  test('voiding ends the reservations made before the cut, and a voided one posts nothing', async () => {
    const { record } = await t.ledger.createKey({ credits: 100, at: 0 });
    const early = await t.ledger.reserve(hold(record.id, 30, 5));
    const late = await t.ledger.reserve(hold(record.id, 30, 50));
    if (early.kind !== 'reserved' || late.kind !== 'reserved') throw new Error('not reserved');
    expect(await t.ledger.voidReservations(10)).toBe(1);
    expect(await expectInvariant(record.id)).toMatchObject({ credits: 100, held: 30 });
    expect(await t.ledger.post(early.reservationId, 30, 60)).toEqual({ kind: 'gone' });
    expect(await t.ledger.post(late.reservationId, 30, 60)).toMatchObject({ kind: 'posted', balance: 70 });
    expect(await expectInvariant(record.id)).toMatchObject({ credits: 70, held: 0 });
    expect(await t.ledger.voidReservations(Number.MAX_SAFE_INTEGER)).toBe(0);
  });

  test.runIf(!impl.storedHolds)(
    'a post whose held credits another process spent fails alone: no overdraft, no charge, nothing left held',
    async () => {
      const { record } = await t.ledger.createKey({ credits: 100, at: 0 });
      const a = await t.ledger.reserve(hold(record.id, 60, 5));
      if (a.kind !== 'reserved') throw new Error('not reserved');
      const other = await t.store.open();
      expect(await other.debit(hold(record.id, 50, 6))).toMatchObject({ kind: 'debited', balance: 50 });
      await other.close();
      await expect(t.ledger.post(a.reservationId, 60, 7)).rejects.toThrow(/CHECK/);
      expect(await expectInvariant(record.id)).toMatchObject({ credits: 50, held: 0 });
      expect((await t.ledger.charges(record.id)).map((c) => c.request_id)).toEqual(['r-6']);
    },
  );

  test('50 concurrent reservations of 10 on 100 credits: exactly 10 hold, all posted leave 0', async () => {
    const { record } = await t.ledger.createKey({ credits: 100, at: 0 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.ledger.reserve(hold(record.id, 10, i))),
    );
    const reserved = results.filter((r) => r.kind === 'reserved');
    expect(reserved).toHaveLength(10);
    await Promise.all(reserved.map((r) => t.ledger.post(r.reservationId, 10, 99)));
    expect(await expectInvariant(record.id)).toMatchObject({ credits: 0, held: 0 });
  });
});
