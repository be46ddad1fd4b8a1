import { DepositTransaction } from './read-deposit.js';

export type FetchedDeposit =
  | { readonly kind: 'finalized'; readonly tx: DepositTransaction }
  /** Seen by the node but not finalized yet: nothing may be credited. */
  | { readonly kind: 'pending'; readonly confirmationStatus: string }
  | { readonly kind: 'not_found' };

async function rpcCall(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new Error(`Solana RPC ${method} answered HTTP ${res.status}`);
  const body = (await res.json()) as { result?: unknown; error?: { message?: string } };
  if (body.error) throw new Error(`Solana RPC ${method} failed: ${body.error.message ?? 'unknown error'}`);
  return body.result ?? null;
}

/**
 * Fetches a deposit transaction: `getTransaction` jsonParsed at `finalized` (versioned
 * transactions included); when it is not finalized, `getSignatureStatuses` tells pending from
 * unknown.
 */
export async function fetchDepositTransaction(rpcUrl: string, signature: string): Promise<FetchedDeposit> {
  const result = await rpcCall(rpcUrl, 'getTransaction', [
    signature,
    { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: 'finalized' },
  ]);
  if (result !== null) return { kind: 'finalized', tx: DepositTransaction.parse(result) };
  const statuses = (await rpcCall(rpcUrl, 'getSignatureStatuses', [
    [signature],
    { searchTransactionHistory: true },
  ])) as { value?: ({ confirmationStatus?: string | null } | null)[] } | null;
  const status = statuses?.value?.[0];
  return status
    ? { kind: 'pending', confirmationStatus: status.confirmationStatus ?? 'processed' }
    : { kind: 'not_found' };
}
