import bs58 from 'bs58';
import type { RpcTokenBalance, RpcTransaction } from '../decode/rpc-transaction.js';

export interface TestInstruction {
  readonly programId: string;
  readonly accounts: readonly string[];
  readonly data: Uint8Array;
  readonly inner?: readonly TestInstruction[];
}

export interface TestTransaction {
  readonly signature: string;
  readonly signer: string;
  readonly slot: number;
  readonly blockTime: number | null;
  readonly instructions: readonly TestInstruction[];
  readonly logs?: readonly string[] | null;
  readonly err?: unknown;
  readonly postTokenBalances?: readonly { address: string; mint: string; owner: string; amount: string }[];
}

/** Test-only: assembles a `json`-encoded getTransaction result (stack heights set) from instructions. */
export function buildJsonTransaction(t: TestTransaction): RpcTransaction {
  const keys: string[] = [t.signer];
  const index = (key: string) => {
    let i = keys.indexOf(key);
    if (i < 0) i = keys.push(key) - 1;
    return i;
  };
  const compile = (ix: TestInstruction, stackHeight: number | null) => ({
    programIdIndex: index(ix.programId),
    accounts: ix.accounts.map(index),
    data: bs58.encode(ix.data),
    stackHeight,
  });
  const innerInstructions: { index: number; instructions: ReturnType<typeof compile>[] }[] = [];
  const instructions = t.instructions.map((ix, i) => {
    const compiled = compile(ix, null);
    const inner: ReturnType<typeof compile>[] = [];
    const walk = (list: readonly TestInstruction[] | undefined, depth: number) => {
      for (const child of list ?? []) {
        inner.push(compile(child, depth));
        walk(child.inner, depth + 1);
      }
    };
    walk(ix.inner, 2);
    if (inner.length > 0) innerInstructions.push({ index: i, instructions: inner });
    return compiled;
  });
  const postTokenBalances: RpcTokenBalance[] = (t.postTokenBalances ?? []).map((b) => ({
    accountIndex: index(b.address),
    mint: b.mint,
    owner: b.owner,
    uiTokenAmount: { amount: b.amount, decimals: 0 },
  }));
  return {
    slot: t.slot,
    blockTime: t.blockTime,
    version: 0,
    transaction: { signatures: [t.signature], message: { accountKeys: keys, instructions } },
    meta: {
      err: t.err ?? null,
      fee: 5000,
      innerInstructions,
      logMessages: t.logs === undefined ? null : t.logs,
      preTokenBalances: [],
      postTokenBalances,
      loadedAddresses: { writable: [], readonly: [] },
    },
  };
}
