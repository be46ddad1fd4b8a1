import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import type { AppDeps } from '../app/app-deps.js';
import { ServerError } from '../errors/server-error.js';
import type { KeyRecord } from '../ledger/ledger.js';
import { fetchDepositTransaction } from './fetch-deposit-transaction.js';
import { type DepositReading, readDeposit } from './read-deposit.js';

export type KeyTransfer =
  | { readonly kind: 'pending'; readonly confirmationStatus: string }
  | { readonly kind: 'verified'; readonly deposit: Extract<DepositReading, { kind: 'deposit' }> };

/** The USDC address deposits and plan payments go to. */
export function depositAddressOf(deps: AppDeps): string {
  return deps.depositAddress ?? deps.x402.payTo;
}

/** The key's Solana Pay reference (a random address, made on first use and kept). */
export function referenceOf(deps: AppDeps, keyId: string): Promise<string> {
  return deps.ledger.depositReference(keyId, bs58.encode(randomBytes(32)), deps.now());
}

/**
 * The verification path shared by deposits and plans (DESIGN §5): the finalized transaction is
 * read from the Solana RPC, must be a successful classic-SPL USDC transfer into the deposit
 * address, and must carry the key's reference or come from a wallet already bound to the key.
 */
export async function verifyKeyTransfer(
  deps: AppDeps,
  key: KeyRecord,
  signature: string,
): Promise<KeyTransfer> {
  const rpcUrl = deps.payments?.rpcUrl ?? null;
  if (rpcUrl === null)
    throw new ServerError('deposit_rpc_unavailable', 'this server has no Solana RPC configured for deposits');
  let fetched: Awaited<ReturnType<typeof fetchDepositTransaction>>;
  try {
    fetched = await fetchDepositTransaction(rpcUrl, signature);
  } catch (e) {
    throw new ServerError('deposit_rpc_unavailable', 'the Solana RPC could not be read; retry later', {
      cause: e,
    });
  }
  if (fetched.kind === 'not_found')
    throw new ServerError('deposit_not_found', `no transaction ${signature} is known to the Solana RPC`);
  if (fetched.kind === 'pending') return fetched;
  const reading = readDeposit(fetched.tx, { depositOwner: depositAddressOf(deps), mint: deps.x402.asset });
  if (reading.kind === 'refused') throw new ServerError(reading.code, reading.message);
  if (reading.signature !== signature)
    throw new ServerError('deposit_invalid', 'the RPC answered a different transaction for this signature');
  const reference = await referenceOf(deps, key.id);
  if (!reading.accounts.includes(reference) && !(await deps.ledger.isWalletBound(reading.payer, key.id))) {
    throw new ServerError(
      'deposit_not_bound',
      `the transfer does not carry this key's reference (GET /v1/credits/deposit) and wallet ${reading.payer} is not bound to the key`,
      { details: { payer: reading.payer } },
    );
  }
  return { kind: 'verified', deposit: reading };
}
