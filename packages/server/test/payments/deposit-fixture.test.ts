import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DepositTransaction, readDeposit } from '../../src/payments/read-deposit.js';
import { USDC_MINT } from '../../src/x402/x402-settings.js';
import { call } from '../support/call.js';
import type { TestApp } from '../support/test-app.js';
import { buildTestWorld, type TestWorld } from '../support/test-world.js';
import { startFixtureRpc } from './support/fixture-rpc.js';
import { makePaymentsApp } from './support/payments-app.js';

// The real mainnet transaction of ../shared/fixtures/usdc (README, G): 0.001 USDC from the
// account of 8fusVw… into the new account of 3i476k…, with an ATA create and a memo.
const FIXTURE = fileURLToPath(
  new URL('../../../../../shared/fixtures/usdc/transfer-checked-getTransaction.json', import.meta.url),
);
const SIG = '2S2rTZjaqzxYRw9mnqzwtyqitKtSsnE8GVqLn1KrD5R2YpXZnU4GdjppsgfSAbrzJfaqadfi8CtrqEBy588WVQ3E';
const RECEIVER = '3i476kTBBTy7pBGx4CXwJpJ6phuwLQgcwLTdHhU3c7ui';
const PAYER = '8fusVwhgo4oS1fGpZKeRaXrJXQk9auKnAgcj9A97wR3t';
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const OTHER_MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';

// biome-ignore lint/suspicious/noExplicitAny: the recorded RPC response is edited field by field
const original = (): any => JSON.parse(readFileSync(FIXTURE, 'utf8')).result;
/** The fixture with a change, under a made-up signature (so one loopback serves every variant). */
// biome-ignore lint/suspicious/noExplicitAny: see above
function variant(n: number, edit: (r: any) => void): [string, unknown] {
  const r = original();
  const sig = `${SIG.slice(0, -3)}${String(n).padStart(3, 'A').replace(/0/g, 'o')}`;
  r.transaction.signatures[0] = sig;
  edit(r);
  return [sig, r];
}

describe('reading the recorded mainnet USDC transfer', () => {
  test('it is a 1000-unit deposit to 3i476k… paid by 8fusVw…, with every account listed', () => {
    const reading = readDeposit(DepositTransaction.parse(original()), {
      depositOwner: RECEIVER,
      mint: USDC_MINT,
    });
    expect(reading).toMatchObject({
      kind: 'deposit',
      signature: SIG,
      amountMicros: 1000,
      payer: PAYER,
      slot: 184930610,
    });
    expect(reading.kind === 'deposit' && reading.accounts).toHaveLength(11);
  });

  test('to any other deposit address it is a wrong destination', () => {
    const reading = readDeposit(DepositTransaction.parse(original()), {
      depositOwner: PAYER,
      mint: USDC_MINT,
    });
    expect(reading).toMatchObject({ kind: 'refused', code: 'deposit_wrong_destination' });
  });
});

describe('POST /v1/credits/deposit over a loopback RPC serving the fixture', () => {
  let world: TestWorld;
  let rpc: Awaited<ReturnType<typeof startFixtureRpc>>;
  let t: TestApp;
  let key: { secret: string; id: string };
  const sigs: Record<string, string> = {};

  beforeAll(async () => {
    world = await buildTestWorld();
    const txs = new Map<string, unknown>([[SIG, original()]]);
    const add = (name: string, v: [string, unknown]) => {
      sigs[name] = v[0];
      txs.set(v[0], v[1]);
    };
    add(
      'failed',
      variant(1, (r) => {
        r.meta.err = { InstructionError: [1, { Custom: 1 }] };
      }),
    );
    add(
      'token2022',
      variant(2, (r) => {
        for (const b of [...r.meta.preTokenBalances, ...r.meta.postTokenBalances]) b.programId = TOKEN_2022;
      }),
    );
    add(
      'mint',
      variant(3, (r) => {
        for (const b of [...r.meta.preTokenBalances, ...r.meta.postTokenBalances]) b.mint = OTHER_MINT;
      }),
    );
    rpc = await startFixtureRpc(txs);
    t = makePaymentsApp(world, { rpcUrl: rpc.url, depositAddress: RECEIVER });
    key = await t.fundedKey(0);
    // The key's reference, placed in the recorded transaction's account list as a Solana Pay wallet would.
    const info = await call(t, 'GET', '/v1/credits/deposit', { key: key.secret });
    add(
      'referenced',
      variant(4, (r) =>
        r.transaction.message.accountKeys.push({
          pubkey: info.json.reference,
          signer: false,
          source: 'transaction',
          writable: false,
        }),
      ),
    );
  });
  afterAll(async () => {
    await t.close();
    await rpc.close();
  });

  const post = (signature: string, secret = key.secret) =>
    call(t, 'POST', '/v1/credits/deposit', { key: secret, body: { tx_signature: signature } });

  test('the unmodified transaction verifies but is refused: it carries no reference and its wallet is not bound', async () => {
    const r = await post(SIG);
    expect(r.status).toBe(403);
    expect(r.json.error).toMatchObject({ code: 'deposit_not_bound', details: { payer: PAYER } });
    expect(await t.balance(key.id)).toBe(0);
  });

  test('with the key reference among its accounts it credits 1000 units at 2000 credits per USD, once', async () => {
    const r = await post(sigs.referenced);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      status: 'credited',
      amount_usd: '0.001',
      credits: 2,
      bonus_credits: 0,
      payer: PAYER,
    });
    expect(await t.balance(key.id)).toBe(2);
    const again = await post(sigs.referenced);
    expect(again.json.status).toBe('already_credited');
    expect(await t.balance(key.id)).toBe(2);
  });

  test("once bound by that deposit, the wallet's unreferenced transfer is credited too", async () => {
    const r = await post(SIG);
    expect(r.status).toBe(200);
    expect(await t.balance(key.id)).toBe(4);
  });

  test.each([
    ['failed', 'deposit_failed'],
    ['token2022', 'deposit_wrong_token_program'],
    ['mint', 'deposit_wrong_mint'],
  ])('a %s transaction is refused with %s and credits nothing', async (name, code) => {
    const before = await t.balance(key.id);
    const r = await post(sigs[name]);
    expect(r.status).toBe(422);
    expect(r.json.error.code).toBe(code);
    expect(await t.balance(key.id)).toBe(before);
  });

  test('an unknown signature is 404 deposit_not_found', async () => {
    const r = await post(`${SIG.slice(0, -4)}zzzz`);
    expect(r.status).toBe(404);
    expect(r.json.error.code).toBe('deposit_not_found');
  });
});
