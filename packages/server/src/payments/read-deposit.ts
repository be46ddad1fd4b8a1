import { z } from 'zod';

/** The classic SPL Token program: the only one deposits are accepted from. */
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

const TokenBalance = z.object({
  accountIndex: z.number().int(),
  mint: z.string(),
  owner: z.string().optional(),
  programId: z.string().optional(),
  uiTokenAmount: z.object({ amount: z.string().regex(/^\d+$/) }),
});

const AccountKey = z.union([z.string(), z.object({ pubkey: z.string() })]);

/** The part of a `getTransaction` (jsonParsed) result a deposit is read from. */
export const DepositTransaction = z.object({
  slot: z.number().int(),
  blockTime: z.number().int().nullable().optional(),
  meta: z.object({
    err: z.unknown(),
    preTokenBalances: z.array(TokenBalance).nullable().optional(),
    postTokenBalances: z.array(TokenBalance).nullable().optional(),
    loadedAddresses: z
      .object({ writable: z.array(z.string()), readonly: z.array(z.string()) })
      .nullable()
      .optional(),
  }),
  transaction: z.object({
    signatures: z.array(z.string()).min(1),
    message: z.object({ accountKeys: z.array(AccountKey) }),
  }),
});
export type DepositTransaction = z.infer<typeof DepositTransaction>;

export type DepositRefusal =
  | 'deposit_failed'
  | 'deposit_wrong_mint'
  | 'deposit_wrong_token_program'
  | 'deposit_wrong_destination'
  | 'deposit_invalid';

/** What a settled transaction deposited, or why it is not a deposit. */
export type DepositReading =
  | {
      readonly kind: 'deposit';
      readonly signature: string;
      /** Net USDC base units the deposit owner's classic token accounts gained. */
      readonly amountMicros: number;
      /** Owner of the USDC account that paid (the largest decrease). */
      readonly payer: string;
      /** Every account the transaction names (a Solana Pay reference is one of them). */
      readonly accounts: readonly string[];
      readonly slot: number;
    }
  | { readonly kind: 'refused'; readonly code: DepositRefusal; readonly message: string };

type Balance = z.infer<typeof TokenBalance>;

/** Net change per (owner, mint, program) over the accounts of a transaction; a missing pre-balance is 0. */
function netChanges(pre: readonly Balance[], post: readonly Balance[]) {
  const net = new Map<string, { owner: string; mint: string; programId: string; delta: bigint }>();
  const add = (b: Balance, sign: bigint) => {
    const owner = b.owner ?? '';
    const programId = b.programId ?? TOKEN_PROGRAM;
    const key = `${owner}|${b.mint}|${programId}`;
    const row = net.get(key) ?? { owner, mint: b.mint, programId, delta: 0n };
    row.delta += sign * BigInt(b.uiTokenAmount.amount);
    net.set(key, row);
  };
  for (const b of pre) add(b, -1n);
  for (const b of post) add(b, 1n);
  return [...net.values()];
}

/**
 * Reads a USDC deposit to `depositOwner` from a finalized transaction (DESIGN §5): it must have
 * succeeded, and the classic SPL Token USDC accounts owned by `depositOwner` must have gained in
 * net (token balances, so transfers made by inner instructions count).
 */
export function readDeposit(
  tx: DepositTransaction,
  options: { depositOwner: string; mint: string },
): DepositReading {
  const refuse = (code: DepositRefusal, message: string): DepositReading => ({
    kind: 'refused',
    code,
    message,
  });
  if (tx.meta.err !== null && tx.meta.err !== undefined)
    return refuse('deposit_failed', 'the transaction failed on chain; nothing was transferred');
  const changes = netChanges(tx.meta.preTokenBalances ?? [], tx.meta.postTokenBalances ?? []);
  const toOwner = changes.filter((c) => c.owner === options.depositOwner && c.delta > 0n);
  const usdc = toOwner.find((c) => c.mint === options.mint && c.programId === TOKEN_PROGRAM);
  if (!usdc) {
    if (toOwner.some((c) => c.mint === options.mint))
      return refuse(
        'deposit_wrong_token_program',
        'the transfer went through Token-2022; send USDC with the classic SPL Token program',
      );
    if (toOwner.length > 0)
      return refuse(
        'deposit_wrong_mint',
        `the deposit address received a token other than USDC (${options.mint})`,
      );
    return refuse('deposit_wrong_destination', `no USDC reached the deposit address ${options.depositOwner}`);
  }
  const payer = changes
    .filter(
      (c) =>
        c.mint === options.mint &&
        c.programId === TOKEN_PROGRAM &&
        c.delta < 0n &&
        c.owner !== options.depositOwner,
    )
    .sort((a, b) => (a.delta < b.delta ? -1 : a.delta > b.delta ? 1 : 0))[0];
  if (!payer || payer.owner === '')
    return refuse('deposit_invalid', 'no USDC account of a wallet paid in this transaction');
  const keys = tx.transaction.message.accountKeys.map((k) => (typeof k === 'string' ? k : k.pubkey));
  const loaded = tx.meta.loadedAddresses;
  return {
    kind: 'deposit',
    signature: tx.transaction.signatures[0],
    amountMicros: Number(usdc.delta),
    payer: payer.owner,
    accounts: loaded ? [...keys, ...loaded.writable, ...loaded.readonly] : keys,
    slot: tx.slot,
  };
}
