import { describe, expect, test } from 'vitest';
import {
  LEDGER_IMPLEMENTATIONS,
  openLedgerPerTest,
} from '../../test/scale/support/ledger-implementations.js';
import type { DepositCreditRequest } from './payment-ledger.js';

const WELCOME = { credits: 10_000, minMicros: 10_000_000 };
const deposit = (keyId: string, signature: string, payer: string, usd: number): DepositCreditRequest => ({
  signature,
  keyId,
  payer,
  amountMicros: usd * 1_000_000,
  credits: usd * 2000,
  welcome: WELCOME,
  at: 10,
});
const claim = (messageHash: string) => ({
  messageHash,
  route: 'screen',
  requestId: 'r',
  amountMicros: 1000,
  payTo: 'payTo',
  at: 1,
});

describe.each(LEDGER_IMPLEMENTATIONS)('payments in the $name ledger', (impl) => {
  const t = openLedgerPerTest(impl);

  test('an x402 message hash is claimed once; later claims see its state and settlement', async () => {
    expect(await t.ledger.claimPayment(claim('h1'))).toEqual({ kind: 'claimed' });
    expect(await t.ledger.claimPayment(claim('h1'))).toEqual({
      kind: 'taken',
      state: 'claimed',
      settlementTx: null,
    });
    await t.ledger.finishPayment('h1', { state: 'settled', settlementTx: 'tx1', payer: 'w', at: 2 });
    expect(await t.ledger.claimPayment(claim('h1'))).toEqual({
      kind: 'taken',
      state: 'settled',
      settlementTx: 'tx1',
    });
    await expect(t.ledger.finishPayment('h1', { state: 'failed', reason: 'again', at: 3 })).rejects.toThrow(
      /not an open claim/,
    );
  });

  test('a settlement transaction settles one claim only', async () => {
    await t.ledger.claimPayment(claim('a'));
    await t.ledger.claimPayment(claim('b'));
    await t.ledger.finishPayment('a', { state: 'settled', settlementTx: 'same', payer: 'w', at: 2 });
    await expect(
      t.ledger.finishPayment('b', { state: 'settled', settlementTx: 'same', payer: 'w', at: 2 }),
    ).rejects.toThrow();
    await t.ledger.finishPayment('b', { state: 'unbilled', reason: 'empty result', at: 3 });
    expect(await t.ledger.claimPayment(claim('b'))).toMatchObject({ state: 'unbilled' });
  });

  test('one proof claimed 20 times at once through two ledgers is claimed exactly once', async () => {
    const other = await t.store.open();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? other : t.ledger).claimPayment(claim('race'))),
    );
    await other.close();
    expect(results.filter((r) => r.kind === 'claimed')).toHaveLength(1);
  });

  test('a key keeps its first deposit reference', async () => {
    const { record } = await t.ledger.createKey({ at: 1 });
    expect(await t.ledger.depositReference(record.id, 'ref-a', 1)).toBe('ref-a');
    expect(await t.ledger.depositReference(record.id, 'ref-b', 2)).toBe('ref-a');
  });

  test('a deposit credits once, binds its payer and gives the welcome bonus to the payer first deposit of 10 USD or more', async () => {
    const a = await t.ledger.createKey({ at: 1 });
    const b = await t.ledger.createKey({ at: 1 });
    const first = await t.ledger.creditDeposit(deposit(a.record.id, 'sig1', 'wallet1', 25));
    expect(first).toMatchObject({
      kind: 'credited',
      balance: 60_000,
      deposit: { bonus_credits: 10_000, credits: 50_000 },
    });
    expect(await t.ledger.creditDeposit(deposit(a.record.id, 'sig1', 'wallet1', 25))).toMatchObject({
      kind: 'duplicate',
      deposit: { signature: 'sig1', key_id: a.record.id },
    });
    expect(await t.ledger.isWalletBound('wallet1', a.record.id)).toBe(true);
    expect(await t.ledger.isWalletBound('wallet1', b.record.id)).toBe(false);
    const again = await t.ledger.creditDeposit(deposit(b.record.id, 'sig2', 'wallet1', 25));
    expect(again).toMatchObject({ kind: 'credited', balance: 50_000, deposit: { bonus_credits: 0 } });
    const small = await t.ledger.creditDeposit(deposit(b.record.id, 'sig3', 'wallet2', 5));
    expect(small).toMatchObject({ kind: 'credited', deposit: { bonus_credits: 0 } });
    expect((await t.ledger.findKeyById(a.record.id))?.credits).toBe(60_000);
    expect(await t.ledger.creditDeposit(deposit('key_none', 'sig4', 'wallet3', 25))).toEqual({
      kind: 'unknown_key',
    });
  });

  test('one deposit signature posted 10 times at once through two ledgers credits once', async () => {
    const { record } = await t.ledger.createKey({ at: 1 });
    const other = await t.store.open();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? other : t.ledger).creditDeposit(deposit(record.id, 'sig-race', 'wallet-race', 100)),
      ),
    );
    await other.close();
    expect(results.filter((r) => r.kind === 'credited')).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'duplicate')).toHaveLength(9);
    expect((await t.ledger.findKeyById(record.id))?.credits).toBe(100 * 2000 + WELCOME.credits);
  });

  test('a plan payment starts a period, a second one extends it, a replay changes nothing; the key hash finds the plan until it ends', async () => {
    const { record } = await t.ledger.createKey({ at: 1 });
    const pay = (signature: string, at: number) =>
      t.ledger.payPlan({
        signature,
        keyId: record.id,
        payer: 'w',
        amountMicros: 25_000_000,
        plan: 'starter',
        credits: 50_000,
        periodMs: 1000,
        at,
      });
    expect(await pay('p1', 100)).toMatchObject({
      kind: 'started',
      period: { key_id: record.id, plan: 'starter', started_at: 100, expires_at: 1100 },
      balance: 50_000,
    });
    expect(await pay('p2', 500)).toMatchObject({
      period: { started_at: 100, expires_at: 2100 },
      balance: 100_000,
    });
    expect(await pay('p2', 600)).toMatchObject({
      kind: 'duplicate',
      deposit: { kind: 'plan', plan: 'starter' },
    });
    expect(await t.ledger.planOf(record.id, 2000)).toMatchObject({ plan: 'starter', expires_at: 2100 });
    expect(await t.ledger.planOf(record.id, 2100)).toBeNull();
    expect((await t.ledger.findKeyById(record.id))?.plan).toBe('starter');
    expect(await t.ledger.isWalletBound('w', record.id)).toBe(true);
    const hash = (await t.store.storedHash(record.id)) as Uint8Array;
    expect(await t.ledger.planOfKeyHash?.(hash, 2000)).toBe('starter');
    expect(await t.ledger.planOfKeyHash?.(hash, 2100)).toBeNull();
    expect(await t.ledger.planOfKeyHash?.(new Uint8Array(32), 2000)).toBeNull();
  });
});
