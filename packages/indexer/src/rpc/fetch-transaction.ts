import type { RpcTransaction } from '../decode/rpc-transaction.js';
import type { RpcClient } from './rpc-client.js';

export type FetchedTransaction =
  | { readonly kind: 'found'; readonly tx: RpcTransaction }
  | { readonly kind: 'missing' }
  | { readonly kind: 'malformed'; readonly detail: string };

/** `getTransaction` in jsonParsed encoding (v0 included) at `confirmed`; shape errors come back as a value. */
export async function fetchTransaction(client: RpcClient, signature: string): Promise<FetchedTransaction> {
  const result = await client.call('getTransaction', [
    signature,
    { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: 'confirmed' },
  ]);
  if (result === null) return { kind: 'missing' };
  const tx = result as { slot?: unknown; transaction?: { signatures?: unknown } };
  if (typeof tx !== 'object' || typeof tx.slot !== 'number' || !Array.isArray(tx.transaction?.signatures)) {
    return { kind: 'malformed', detail: `getTransaction ${signature}: not a transaction` };
  }
  if (tx.transaction.signatures[0] !== signature) {
    return { kind: 'malformed', detail: `getTransaction ${signature}: answered another transaction` };
  }
  return { kind: 'found', tx: result as RpcTransaction };
}
