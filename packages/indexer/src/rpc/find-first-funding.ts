import { decodeTransaction } from '../decode/decode-transaction.js';
import type { SolTransferEvent } from '../events/chain-event.js';
import { fetchTransaction } from './fetch-transaction.js';
import { listSignatures } from './list-signatures.js';
import type { RpcClient } from './rpc-client.js';

export interface FundingBudget {
  /** `getSignaturesForAddress` pages of 1000 to walk back to the wallet's oldest transaction. */
  readonly pages: number;
  /** Oldest transactions read, oldest first, looking for an incoming SOL transfer. */
  readonly transactions: number;
}

export const DEFAULT_FUNDING_BUDGET: FundingBudget = { pages: 2, transactions: 4 };

export type FundingLookup =
  | { readonly kind: 'found'; readonly event: SolTransferEvent }
  /** More history than the page budget reaches: an old, busy wallet. */
  | { readonly kind: 'too_deep' }
  /** None of the oldest transactions read is a System transfer to the wallet. */
  | { readonly kind: 'not_found' }
  | { readonly kind: 'malformed'; readonly detail: string };

/**
 * The first incoming SOL of a wallet: its oldest signatures (the last `getSignaturesForAddress` page),
 * read oldest first until one holds a System transfer to it.
 */
export async function findFirstFunding(
  client: RpcClient,
  wallet: string,
  budget: FundingBudget = DEFAULT_FUNDING_BUDGET,
): Promise<FundingLookup> {
  const list = await listSignatures(client, wallet, { maxPages: budget.pages });
  if (list.malformed > 0) return { kind: 'malformed', detail: `signatures of ${wallet}` };
  if (!list.complete) return { kind: 'too_deep' };
  let read = 0;
  for (let i = list.signatures.length - 1; i >= 0 && read < budget.transactions; i--) {
    const entry = list.signatures[i]!;
    if (entry.err !== undefined && entry.err !== null) continue;
    read++;
    const fetched = await fetchTransaction(client, entry.signature);
    if (fetched.kind === 'malformed') return { kind: 'malformed', detail: fetched.detail };
    if (fetched.kind === 'missing') continue;
    for (const e of decodeTransaction(fetched.tx).events) {
      if (e.kind === 'sol_transfer' && e.to === wallet) return { kind: 'found', event: e };
    }
  }
  return { kind: 'not_found' };
}
