import { address } from '@solana/kit';
import type { LocalnetChain } from './localnet-chain.js';
import { readTokenAccount } from './token-accounts.js';

/** A JSON-RPC failure answered as `{error: {code, message}}`. */
export class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

type Params = readonly unknown[];
const config = (params: Params, i: number) => (params[i] ?? {}) as Record<string, unknown>;

/**
 * The subset of the Solana JSON-RPC that `@solana/kit`, the x402 SDK (client and facilitator)
 * and the deposit verifier call, answered from a LiteSVM chain.
 */
export function createLocalnetRpc(chain: LocalnetChain) {
  const context = () => ({ slot: chain.slot() });
  const methods: Record<string, (params: Params) => unknown> = {
    getSlot: () => chain.slot(),
    getBlockHeight: () => chain.slot(),
    getGenesisHash: () => '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d',
    getLatestBlockhash: () => ({
      context: context(),
      value: { blockhash: chain.latestBlockhash(), lastValidBlockHeight: chain.slot() + 150 },
    }),
    getMinimumBalanceForRentExemption: (p) =>
      Number(chain.svm.minimumBalanceForRentExemption(BigInt(Number(p[0])))),
    getBalance: (p) => ({
      context: context(),
      value: Number(chain.svm.getBalance(address(String(p[0]))) ?? 0n),
    }),
    getAccountInfo: (p) => {
      const acc = chain.svm.getAccount(address(String(p[0])));
      if (!acc.exists) return { context: context(), value: null };
      const data = acc.data as Uint8Array;
      const token = readTokenAccount(acc.programAddress, data);
      const base = {
        executable: acc.executable,
        lamports: Number(acc.lamports),
        owner: acc.programAddress,
        rentEpoch: 0,
        space: data.length,
      };
      if (config(p, 1).encoding === 'jsonParsed' && token) {
        const amount = String(token.amount);
        return {
          context: context(),
          value: {
            ...base,
            data: {
              program: 'spl-token',
              space: data.length,
              parsed: {
                type: 'account',
                info: {
                  mint: token.mint,
                  owner: token.owner,
                  state: 'initialized',
                  tokenAmount: { amount, decimals: 6 },
                },
              },
            },
          },
        };
      }
      return {
        context: context(),
        value: { ...base, data: [Buffer.from(data).toString('base64'), 'base64'] },
      };
    },
    getTokenAccountBalance: (p) => {
      const acc = chain.svm.getAccount(address(String(p[0])));
      const token = acc.exists ? readTokenAccount(acc.programAddress, acc.data as Uint8Array) : null;
      if (!token) throw new RpcFailure(-32602, 'Invalid param: not a Token account');
      const ui = Number(token.amount) / 1e6;
      return {
        context: context(),
        value: { amount: String(token.amount), decimals: 6, uiAmount: ui, uiAmountString: String(ui) },
      };
    },
    simulateTransaction: (p) => {
      const r = chain.simulate(String(p[0]));
      return {
        context: context(),
        value: { err: r.err, logs: r.logs, accounts: null, unitsConsumed: r.unitsConsumed, returnData: null },
      };
    },
    sendTransaction: async (p) => {
      try {
        return await chain.send(String(p[0]));
      } catch (e) {
        throw new RpcFailure(-32002, e instanceof Error ? e.message : String(e));
      }
    },
    getSignatureStatuses: (p) => ({
      context: context(),
      value: (p[0] as string[]).map((sig) => {
        const t = chain.transaction(sig);
        if (!t) return null;
        return {
          slot: t.rpc.slot,
          confirmations: t.finalized ? null : 1,
          err: t.err,
          status: t.err === null ? { Ok: null } : { Err: t.err },
          confirmationStatus: t.finalized ? 'finalized' : 'confirmed',
        };
      }),
    }),
    // Newest first, as the RPC answers; `before` pages back (the track record's verifier lists the anchor key's memos).
    getSignaturesForAddress: (p) => {
      const who = String(p[0]);
      const { limit = 1000, before } = config(p, 1) as { limit?: number; before?: string };
      const all = chain.signaturesOf(who);
      const from = before === undefined ? 0 : all.indexOf(before) + 1;
      return all.slice(from, from + Math.min(1000, Number(limit))).map((signature) => {
        const t = chain.transaction(signature)!;
        return {
          signature,
          slot: t.rpc.slot,
          err: t.err,
          memo: null,
          blockTime: t.rpc.blockTime,
          confirmationStatus: t.finalized ? 'finalized' : 'confirmed',
        };
      });
    },
    getTransaction: (p) => {
      const t = chain.transaction(String(p[0]));
      if (!t) return null;
      if (config(p, 1).commitment === 'finalized' && !t.finalized) return null;
      return t.rpc;
    },
  };

  /** Answers one JSON-RPC request object. */
  return async function answer(request: { id?: unknown; method?: unknown; params?: unknown }) {
    const id = request.id ?? null;
    const method = typeof request.method === 'string' ? methods[request.method] : undefined;
    if (!method)
      return {
        jsonrpc: '2.0',
        id,
        error: { code: -32601, message: `Method not found: ${String(request.method)}` },
      };
    try {
      return {
        jsonrpc: '2.0',
        id,
        result: await method(Array.isArray(request.params) ? request.params : []),
      };
    } catch (e) {
      const code = e instanceof RpcFailure ? e.code : -32603;
      const text = e instanceof Error ? e.message : String(e);
      // -32002 is a preflight failure: clients read `data.err` and `data.logs` from it.
      const data = code === -32002 ? { err: text, logs: [], accounts: null, unitsConsumed: 0 } : undefined;
      return { jsonrpc: '2.0', id, error: { code, message: text, data } };
    }
  };
}
