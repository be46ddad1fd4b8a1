import { z } from 'zod';
import type { RpcClient } from './rpc-client.js';

/** One token account of a mint as the chain has it. */
export interface ChainHolding {
  readonly token_account: string;
  readonly owner: string;
  readonly amount_raw: number;
}

export type HolderCapture =
  | {
      readonly kind: 'captured';
      readonly mint: string;
      /** The slot the RPC answered at. */
      readonly slot: number;
      readonly method: 'largest' | 'program_accounts';
      /** Mint supply from the mint account. */
      readonly supply_raw: number;
      readonly holdings: readonly ChainHolding[];
    }
  | { readonly kind: 'unavailable'; readonly mint: string; readonly reason: string };

const ParsedTokenAccount = z.object({
  data: z.object({
    parsed: z.object({
      info: z.object({ owner: z.string(), mint: z.string(), tokenAmount: z.object({ amount: z.string() }) }),
    }),
  }),
});
const MintAccount = z.object({
  context: z.object({ slot: z.number() }),
  value: z.object({
    owner: z.string(),
    data: z.object({ parsed: z.object({ info: z.object({ supply: z.string() }) }) }),
  }),
});
const Largest = z.object({
  context: z.object({ slot: z.number() }),
  value: z.array(z.object({ address: z.string(), amount: z.string() })),
});
const Multiple = z.object({ value: z.array(ParsedTokenAccount.nullable()) });
const ProgramAccounts = z.object({
  context: z.object({ slot: z.number() }),
  value: z.array(z.object({ pubkey: z.string(), account: ParsedTokenAccount })),
});

/**
 * The token accounts of a mint and their owners, read from the chain now: `getTokenLargestAccounts` (top 20)
 * with `getMultipleAccounts` for the owners, or every account via `getProgramAccounts` with a mint filter.
 */
export async function captureHolders(
  client: RpcClient,
  mint: string,
  method: 'largest' | 'program_accounts' = 'largest',
): Promise<HolderCapture> {
  const unavailable = (reason: string): HolderCapture => ({ kind: 'unavailable', mint, reason });
  const mintAccount = MintAccount.safeParse(
    await client.call('getAccountInfo', [mint, { encoding: 'jsonParsed', commitment: 'confirmed' }]),
  );
  if (!mintAccount.success) return unavailable('mint account is not a parsed mint');
  const supply_raw = Number(mintAccount.data.value.data.parsed.info.supply);
  const tokenProgram = mintAccount.data.value.owner;
  if (method === 'program_accounts') {
    const raw = await client.call('getProgramAccounts', [
      tokenProgram,
      {
        encoding: 'jsonParsed',
        commitment: 'confirmed',
        withContext: true,
        filters: [{ memcmp: { offset: 0, bytes: mint } }],
      },
    ]);
    const parsed = ProgramAccounts.safeParse(raw);
    if (!parsed.success) return unavailable('getProgramAccounts answer is not a list of token accounts');
    return {
      kind: 'captured',
      mint,
      slot: parsed.data.context.slot,
      method,
      supply_raw,
      holdings: parsed.data.value
        .filter((a) => a.account.data.parsed.info.mint === mint)
        .map((a) => ({
          token_account: a.pubkey,
          owner: a.account.data.parsed.info.owner,
          amount_raw: Number(a.account.data.parsed.info.tokenAmount.amount),
        })),
    };
  }
  const largest = Largest.safeParse(
    await client.call('getTokenLargestAccounts', [mint, { commitment: 'confirmed' }]),
  );
  if (!largest.success) return unavailable('getTokenLargestAccounts answer is malformed');
  const addresses = largest.data.value.map((a) => a.address);
  const owners = Multiple.safeParse(
    await client.call('getMultipleAccounts', [
      addresses,
      { encoding: 'jsonParsed', commitment: 'confirmed' },
    ]),
  );
  if (!owners.success || owners.data.value.length !== addresses.length) {
    return unavailable('getMultipleAccounts answer is malformed');
  }
  const holdings: ChainHolding[] = [];
  largest.data.value.forEach((a, i) => {
    const account = owners.data.value[i];
    if (account)
      holdings.push({
        token_account: a.address,
        owner: account.data.parsed.info.owner,
        amount_raw: Number(a.amount),
      });
  });
  return { kind: 'captured', mint, slot: largest.data.context.slot, method, supply_raw, holdings };
}
