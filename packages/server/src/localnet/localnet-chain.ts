import {
  type Address,
  address,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type KeyPairSigner,
  lamports,
  type Transaction,
} from '@solana/kit';
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import { encodeMint, encodeTokenAccount, readMintDecimals, readTokenAccount } from './token-accounts.js';

/** One balance row of `meta.preTokenBalances` / `postTokenBalances` (RPC jsonParsed shape). */
export interface RpcTokenBalance {
  readonly accountIndex: number;
  readonly mint: string;
  readonly owner: string;
  readonly programId: string;
  readonly uiTokenAmount: {
    readonly amount: string;
    readonly decimals: number;
    readonly uiAmount: number;
    readonly uiAmountString: string;
  };
}

/** A landed transaction as `getTransaction` (jsonParsed) returns it, plus its finality. */
export interface LandedTransaction {
  readonly signature: string;
  readonly finalized: boolean;
  readonly rpc: Record<string, unknown>;
  readonly err: unknown;
}

export interface SimulationResult {
  readonly err: unknown;
  readonly logs: string[];
  readonly unitsConsumed: number;
}

const base58 = getBase58Decoder();
const base64 = getBase64Encoder();
const txDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();
const USDC_DECIMALS = 6;

function errOf(result: FailedTransactionMetadata): unknown {
  const e = result.err();
  return typeof e === 'object' && e !== null ? { InstructionError: String(e) } : e;
}

/**
 * A LiteSVM chain with a USDC mint at a given address (the real mainnet mint in development),
 * recording every landed transaction in the RPC's jsonParsed shape with pre/post SOL and token
 * balances. Finality can be held to exercise `confirmed`-but-not-`finalized` answers.
 */
export function createLocalnetChain(options: { readonly usdcMint: string; readonly slot0?: number }) {
  const svm = new LiteSVM();
  const mint = address(options.usdcMint);
  const mintAuthority = address('11111111111111111111111111111111');
  let supply = 0n;
  let slot = options.slot0 ?? 1000;
  let holdFinality = false;
  let beforeNextSend: (() => Promise<void> | void) | null = null;
  const landed = new Map<string, LandedTransaction>();

  const writeMint = () =>
    svm.setAccount({
      address: mint,
      data: encodeMint({ authority: mintAuthority, supply, decimals: USDC_DECIMALS }),
      executable: false,
      lamports: lamports(svm.minimumBalanceForRentExemption(82n)),
      programAddress: TOKEN_PROGRAM_ADDRESS,
      space: 82n,
    });
  writeMint();

  const decimalsOf = (mintAddress: string): number => {
    const acc = svm.getAccount(address(mintAddress));
    return acc.exists ? (readMintDecimals(acc.data as Uint8Array) ?? 0) : 0;
  };

  const snapshot = (keys: readonly Address[]) => {
    const sol: number[] = [];
    const tokens: RpcTokenBalance[] = [];
    keys.forEach((key, accountIndex) => {
      const acc = svm.getAccount(key);
      sol.push(acc.exists ? Number(acc.lamports) : 0);
      if (!acc.exists) return;
      const t = readTokenAccount(acc.programAddress, acc.data as Uint8Array);
      if (!t) return;
      const decimals = decimalsOf(t.mint);
      const ui = Number(t.amount) / 10 ** decimals;
      tokens.push({
        accountIndex,
        mint: t.mint,
        owner: t.owner,
        programId: t.programId,
        uiTokenAmount: { amount: String(t.amount), decimals, uiAmount: ui, uiAmountString: String(ui) },
      });
    });
    return { sol, tokens };
  };

  const decode = (wireBase64: string): Transaction => txDecoder.decode(base64.encode(wireBase64));

  return {
    svm,
    mint,
    /** The current slot; every landed transaction takes the next one. */
    slot: () => slot,
    latestBlockhash: () => svm.latestBlockhash(),
    /** Gives `owner` SOL and USDC, opening its associated USDC account when it has none. */
    async fund(owner: string, usdcMicros: bigint, solLamports = 0n): Promise<string> {
      const ownerAddress = address(owner);
      if (solLamports > 0n) svm.airdrop(ownerAddress, lamports(solLamports));
      const [ata] = await findAssociatedTokenPda({
        mint,
        owner: ownerAddress,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      });
      const acc = svm.getAccount(ata);
      if (usdcMicros > 0n || !acc.exists) {
        const before = acc.exists
          ? (readTokenAccount(acc.programAddress, acc.data as Uint8Array)?.amount ?? 0n)
          : 0n;
        svm.setAccount({
          address: ata,
          data: encodeTokenAccount({ mint, owner: ownerAddress, amount: before + usdcMicros }),
          executable: false,
          lamports: lamports(svm.minimumBalanceForRentExemption(165n)),
          programAddress: TOKEN_PROGRAM_ADDRESS,
          space: 165n,
        });
        supply += usdcMicros;
        writeMint();
      }
      return ata;
    },
    /** A new wallet holding `usdcMicros` of USDC and `solLamports` for fees. */
    async newWallet(usdcMicros: bigint, solLamports = 1_000_000_000n): Promise<KeyPairSigner> {
      const wallet = await generateKeyPairSigner();
      await this.fund(wallet.address, usdcMicros, solLamports);
      return wallet;
    },
    /** Sets the USDC held by `owner`'s associated token account (opening it when missing). */
    async setUsdcBalance(owner: string, micros: bigint): Promise<void> {
      const ownerAddress = address(owner);
      const [ata] = await findAssociatedTokenPda({
        mint,
        owner: ownerAddress,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      });
      svm.setAccount({
        address: ata,
        data: encodeTokenAccount({ mint, owner: ownerAddress, amount: micros }),
        executable: false,
        lamports: lamports(svm.minimumBalanceForRentExemption(165n)),
        programAddress: TOKEN_PROGRAM_ADDRESS,
        space: 165n,
      });
    },
    /** USDC base units held by `owner`'s associated token account (0 when it has none). */
    async usdcBalance(owner: string): Promise<bigint> {
      const [ata] = await findAssociatedTokenPda({
        mint,
        owner: address(owner),
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      });
      const acc = svm.getAccount(ata);
      return acc.exists ? (readTokenAccount(acc.programAddress, acc.data as Uint8Array)?.amount ?? 0n) : 0n;
    },
    simulate(wireBase64: string): SimulationResult {
      const tx = decode(wireBase64);
      svm.withSigverify(false);
      try {
        const r = svm.simulateTransaction(tx);
        if (r instanceof FailedTransactionMetadata)
          return {
            err: errOf(r),
            logs: r.meta().logs(),
            unitsConsumed: Number(r.meta().computeUnitsConsumed()),
          };
        return { err: null, logs: r.meta().logs(), unitsConsumed: Number(r.meta().computeUnitsConsumed()) };
      } finally {
        svm.withSigverify(true);
      }
    },
    /**
     * Executes a signed transaction. One that fails in a program lands with `meta.err` (as on
     * mainnet); one refused before execution (bad signature, unknown blockhash, duplicate) throws.
     */
    async send(wireBase64: string): Promise<string> {
      const tx = decode(wireBase64);
      const hook = beforeNextSend;
      beforeNextSend = null;
      await hook?.();
      const compiled = messageDecoder.decode(tx.messageBytes);
      if (compiled.version === 1)
        throw new Error('transaction refused: version 1 messages are not supported here');
      const keys = compiled.staticAccounts;
      const signature = base58.decode(Object.values(tx.signatures)[0] ?? new Uint8Array(64));
      const pre = snapshot(keys);
      const result = svm.sendTransaction(tx);
      let err: unknown = null;
      let meta = result;
      if (result instanceof FailedTransactionMetadata) {
        err = errOf(result);
        const e = result.err();
        if (typeof e !== 'object' || e === null) throw new Error(`transaction refused: ${String(e)}`);
        meta = result.meta();
      }
      const m = meta as Exclude<typeof meta, FailedTransactionMetadata>;
      const post = snapshot(keys);
      slot += 1;
      const h = compiled.header;
      const nSigners = h.numSignerAccounts;
      const writable = (i: number) =>
        i < nSigners
          ? i < nSigners - h.numReadonlySignerAccounts
          : i < keys.length - h.numReadonlyNonSignerAccounts;
      const ixOf = (
        programIdIndex: number,
        accounts: ArrayLike<number>,
        data: ArrayLike<number>,
        stackHeight: number | null,
      ) => ({
        programId: keys[programIdIndex],
        accounts: Array.from(accounts, (i) => keys[i]),
        data: base58.decode(Uint8Array.from(data)),
        stackHeight,
      });
      const rpc = {
        slot,
        blockTime: Math.floor(Date.now() / 1000),
        version: compiled.version === 'legacy' ? 'legacy' : compiled.version,
        meta: {
          err,
          status: err === null ? { Ok: null } : { Err: err },
          fee: 5000 * nSigners,
          preBalances: pre.sol,
          postBalances: post.sol,
          preTokenBalances: pre.tokens,
          postTokenBalances: post.tokens,
          innerInstructions: m
            .innerInstructions()
            .map((list, index) => ({
              index,
              instructions: list.map((inner) => {
                const ci = inner.instruction();
                return ixOf(ci.programIdIndex(), ci.accounts(), ci.data(), inner.stackHeight());
              }),
            }))
            .filter((g) => g.instructions.length > 0),
          logMessages: m.logs(),
          rewards: [],
          computeUnitsConsumed: Number(m.computeUnitsConsumed()),
        },
        transaction: {
          signatures: Object.values(tx.signatures).map((s) => base58.decode(s ?? new Uint8Array(64))),
          message: {
            accountKeys: keys.map((pubkey, i) => ({
              pubkey,
              signer: i < nSigners,
              writable: writable(i),
              source: 'transaction',
            })),
            instructions: compiled.instructions.map((ix) =>
              ixOf(ix.programAddressIndex, ix.accountIndices ?? [], ix.data ?? new Uint8Array(), null),
            ),
            recentBlockhash: compiled.lifetimeToken,
          },
        },
      };
      landed.set(signature, { signature, finalized: !holdFinality, rpc, err });
      return signature;
    },
    transaction: (signature: string): LandedTransaction | undefined => landed.get(signature),
    /** Signatures of landed transactions naming `account`, newest first. */
    signaturesOf(account: string): string[] {
      const out: string[] = [];
      for (const t of landed.values()) {
        const keys = (t.rpc.transaction as { message: { accountKeys: { pubkey: string }[] } }).message
          .accountKeys;
        if (keys.some((k) => k.pubkey === account)) out.push(t.signature);
      }
      return out.reverse();
    },
    /** While held, new transactions are `confirmed` but not `finalized`. */
    holdFinality(hold: boolean): void {
      holdFinality = hold;
    },
    finalizeAll(): void {
      for (const [sig, t] of landed) if (!t.finalized) landed.set(sig, { ...t, finalized: true });
    },
    /** Runs `fn` just before the next transaction executes (a payer spending between verify and settle). */
    beforeNextSend(fn: () => Promise<void> | void): void {
      beforeNextSend = fn;
    },
  };
}

export type LocalnetChain = ReturnType<typeof createLocalnetChain>;
