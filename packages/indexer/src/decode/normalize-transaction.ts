import type { DecodeOutcome } from './decode-warning.js';
import { parseU64 } from './encoding/parse-u64.js';
import type { RpcInstruction, RpcMeta, RpcTokenBalance, RpcTransactionBody } from './rpc-transaction.js';

/** An instruction flattened in execution order (outer instruction, then its inner instructions). */
export interface FlatInstruction {
  readonly programId: string;
  readonly accounts: readonly string[];
  /** Base58 instruction data, or null for instructions the node parsed. */
  readonly data: string | null;
  readonly parsed: { readonly type: string; readonly info: Readonly<Record<string, unknown>> } | null;
  /** 1 for outer instructions; the inner instruction's stack height; 0 when the node did not say. */
  readonly depth: number;
  readonly outer: number;
}

/** A token account seen in the transaction's token balances. */
export interface TokenAccount {
  readonly mint: string;
  readonly owner: string | null;
  readonly pre: bigint | null;
  readonly post: bigint | null;
}

/** One transaction in a shape independent of its encoding. */
export interface NormalizedTransaction {
  readonly signature: string;
  readonly slot: number;
  readonly blockTime: number | null;
  readonly fee: number;
  readonly failed: boolean;
  readonly accountKeys: readonly string[];
  readonly instructions: readonly FlatInstruction[];
  readonly logs: readonly string[] | null;
  readonly tokenAccounts: ReadonlyMap<string, TokenAccount>;
}

interface Input {
  readonly body: RpcTransactionBody;
  readonly meta: RpcMeta | null;
  readonly slot: number | undefined;
  readonly blockTime: number | null | undefined;
  readonly signature: string | undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function pickInput(tx: unknown): DecodeOutcome<Input> {
  if (!isObject(tx)) return { ok: false, code: 'malformed_transaction', detail: 'not an object' };
  const outer = tx.transaction;
  if (Array.isArray(outer)) return { ok: false, code: 'unsupported_encoding', detail: 'binary transaction' };
  if (!isObject(outer)) return { ok: false, code: 'malformed_transaction', detail: 'no transaction' };
  if (isObject(outer.transaction) || Array.isArray(outer.transaction)) {
    if (Array.isArray(outer.transaction)) {
      return { ok: false, code: 'unsupported_encoding', detail: 'binary transaction' };
    }
    return {
      ok: true,
      value: {
        body: outer.transaction as unknown as RpcTransactionBody,
        meta: (outer.meta ?? null) as RpcMeta | null,
        slot: typeof tx.slot === 'number' ? tx.slot : undefined,
        blockTime: typeof tx.blockTime === 'number' ? tx.blockTime : null,
        signature: typeof tx.signature === 'string' ? tx.signature : undefined,
      },
    };
  }
  return {
    ok: true,
    value: {
      body: outer as unknown as RpcTransactionBody,
      meta: (tx.meta ?? null) as RpcMeta | null,
      slot: typeof tx.slot === 'number' ? tx.slot : undefined,
      blockTime: typeof tx.blockTime === 'number' ? tx.blockTime : null,
      signature: undefined,
    },
  };
}

function tokenAccounts(keys: readonly string[], meta: RpcMeta): Map<string, TokenAccount> {
  const map = new Map<string, TokenAccount>();
  const add = (balances: readonly RpcTokenBalance[] | null | undefined, post: boolean) => {
    if (!Array.isArray(balances)) return;
    for (const b of balances) {
      const address = keys[b.accountIndex];
      if (address === undefined || typeof b.mint !== 'string') continue;
      const text = b.uiTokenAmount?.amount;
      const amount = parseU64(text);
      const prev = map.get(address);
      map.set(address, {
        mint: b.mint,
        owner: b.owner ?? prev?.owner ?? null,
        pre: post ? (prev?.pre ?? null) : amount,
        post: post ? amount : (prev?.post ?? null),
      });
    }
  };
  add(meta.preTokenBalances, false);
  add(meta.postTokenBalances, true);
  return map;
}

type Failure = Extract<DecodeOutcome<never>, { ok: false }>;

/** Appends one instruction to `into` in its flat form; a failure when its JSON lacks a required part. */
function flatten(
  raw: RpcInstruction,
  keys: readonly string[],
  depth: number,
  outer: number,
  into: FlatInstruction[],
): Failure | null {
  if (!isObject(raw))
    return { ok: false, code: 'malformed_transaction', detail: 'instruction is not an object' };
  const r = raw as Record<string, unknown>;
  const stack = depth === 1 ? 1 : typeof r.stackHeight === 'number' ? r.stackHeight : depth;
  if (typeof r.programIdIndex === 'number') {
    const programId = keys[r.programIdIndex];
    if (programId === undefined || !Array.isArray(r.accounts) || typeof r.data !== 'string') {
      return { ok: false, code: 'malformed_transaction', detail: `instruction of outer ${outer}` };
    }
    const indexes = r.accounts as number[];
    const accounts: string[] = new Array(indexes.length);
    for (let a = 0; a < indexes.length; a++) {
      const key = keys[indexes[a]!];
      if (key === undefined)
        return { ok: false, code: 'missing_account', detail: `account index ${indexes[a]}` };
      accounts[a] = key;
    }
    into.push({ programId, accounts, data: r.data, parsed: null, depth: stack, outer });
    return null;
  }
  if (typeof r.programId !== 'string') {
    return {
      ok: false,
      code: 'malformed_transaction',
      detail: `instruction of outer ${outer} has no program`,
    };
  }
  if ('parsed' in r) {
    const parsed = r.parsed;
    const value = isObject(parsed)
      ? {
          type: String(parsed.type),
          info: (isObject(parsed.info) ? parsed.info : {}) as Record<string, unknown>,
        }
      : { type: 'memo', info: { memo: parsed } };
    into.push({ programId: r.programId, accounts: [], data: null, parsed: value, depth: stack, outer });
    return null;
  }
  if (!Array.isArray(r.accounts) || typeof r.data !== 'string') {
    return { ok: false, code: 'malformed_transaction', detail: `instruction of outer ${outer}` };
  }
  into.push({
    programId: r.programId,
    accounts: r.accounts as string[],
    data: r.data,
    parsed: null,
    depth: stack,
    outer,
  });
  return null;
}

/** Brings `getTransaction` (json / jsonParsed, legacy / v0) or `transactionNotification` results to one shape. */
export function normalizeTransaction(tx: unknown): DecodeOutcome<NormalizedTransaction> {
  const picked = pickInput(tx);
  if (!picked.ok) return picked;
  const { body, meta } = picked.value;
  if (!isObject(body) || !isObject(body.message) || !Array.isArray(body.message.accountKeys)) {
    return { ok: false, code: 'malformed_transaction', detail: 'no message account keys' };
  }
  if (!Array.isArray(body.message.instructions)) {
    return { ok: false, code: 'malformed_transaction', detail: 'no instructions' };
  }
  if (!isObject(meta)) return { ok: false, code: 'malformed_transaction', detail: 'no meta' };
  const keys: string[] = [];
  for (const key of body.message.accountKeys) {
    const pubkey = typeof key === 'string' ? key : isObject(key) ? key.pubkey : undefined;
    if (typeof pubkey !== 'string')
      return { ok: false, code: 'malformed_transaction', detail: 'account key' };
    keys.push(pubkey);
  }
  const loaded = meta.loadedAddresses;
  if (isObject(loaded) && typeof body.message.accountKeys[0] === 'string') {
    for (const list of [loaded.writable, loaded.readonly]) {
      if (!Array.isArray(list)) continue;
      for (const key of list) {
        if (typeof key !== 'string')
          return { ok: false, code: 'malformed_transaction', detail: 'loaded address' };
        keys.push(key);
      }
    }
  }
  const signature = picked.value.signature ?? body.signatures?.[0];
  if (typeof signature !== 'string')
    return { ok: false, code: 'malformed_transaction', detail: 'no signature' };

  const outerList = body.message.instructions;
  const inner: (readonly RpcInstruction[] | undefined)[] = new Array(outerList.length);
  if (Array.isArray(meta.innerInstructions)) {
    for (const group of meta.innerInstructions) {
      if (isObject(group) && typeof group.index === 'number' && Array.isArray(group.instructions)) {
        if (group.index >= 0 && group.index < outerList.length) inner[group.index] = group.instructions;
      }
    }
  }
  const instructions: FlatInstruction[] = [];
  for (let i = 0; i < outerList.length; i++) {
    const failed = flatten(outerList[i]!, keys, 1, i, instructions);
    if (failed !== null) return failed;
    const group = inner[i];
    if (group === undefined) continue;
    for (let g = 0; g < group.length; g++) {
      const failedInner = flatten(group[g]!, keys, 0, i, instructions);
      if (failedInner !== null) return failedInner;
    }
  }
  const logs = Array.isArray(meta.logMessages) ? meta.logMessages : null;
  return {
    ok: true,
    value: {
      signature,
      slot: picked.value.slot ?? 0,
      blockTime: picked.value.blockTime ?? null,
      fee: typeof meta.fee === 'number' ? meta.fee : 0,
      failed: meta.err !== null && meta.err !== undefined,
      accountKeys: keys,
      instructions,
      logs,
      tokenAccounts: tokenAccounts(keys, meta),
    },
  };
}
