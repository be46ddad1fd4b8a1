/** An instruction in `json` encoding: indexes into the account keys. */
export interface RpcCompiledInstruction {
  readonly programIdIndex: number;
  readonly accounts: readonly number[];
  readonly data: string;
  readonly stackHeight?: number | null;
}

/** An instruction in `jsonParsed` encoding that the node did not parse. */
export interface RpcPartiallyDecodedInstruction {
  readonly programId: string;
  readonly accounts: readonly string[];
  readonly data: string;
  readonly stackHeight?: number | null;
}

/** An instruction the node parsed (`jsonParsed`: System, SPL Token, ATA, Memo, …). */
export interface RpcParsedInstruction {
  readonly program: string;
  readonly programId: string;
  readonly parsed: { readonly type: string; readonly info?: Readonly<Record<string, unknown>> } | string;
  readonly stackHeight?: number | null;
}

export type RpcInstruction = RpcCompiledInstruction | RpcPartiallyDecodedInstruction | RpcParsedInstruction;

export interface RpcTokenBalance {
  readonly accountIndex: number;
  readonly mint: string;
  readonly owner?: string;
  readonly programId?: string;
  readonly uiTokenAmount: { readonly amount: string; readonly decimals: number };
}

export interface RpcMeta {
  readonly err: unknown;
  readonly fee: number;
  readonly innerInstructions?:
    | readonly { readonly index: number; readonly instructions: readonly RpcInstruction[] }[]
    | null;
  readonly logMessages?: readonly string[] | null;
  readonly preTokenBalances?: readonly RpcTokenBalance[] | null;
  readonly postTokenBalances?: readonly RpcTokenBalance[] | null;
  readonly loadedAddresses?: {
    readonly writable: readonly string[];
    readonly readonly: readonly string[];
  } | null;
}

/** The `transaction` part of `getTransaction` (json or jsonParsed). */
export interface RpcTransactionBody {
  readonly signatures: readonly string[];
  readonly message: {
    readonly accountKeys: readonly (string | { readonly pubkey: string })[];
    readonly instructions: readonly RpcInstruction[];
  };
}

/** The `result` of `getTransaction` with `json` or `jsonParsed` encoding. */
export interface RpcTransaction {
  readonly slot?: number;
  readonly blockTime?: number | null;
  readonly version?: number | 'legacy';
  readonly transaction: RpcTransactionBody;
  readonly meta: RpcMeta | null;
}

/** The `result` of a `transactionNotification` (transactionSubscribe). */
export interface RpcTransactionNotification {
  readonly signature: string;
  readonly slot: number;
  readonly transaction: {
    readonly transaction: RpcTransactionBody;
    readonly meta: RpcMeta | null;
    readonly version?: number | 'legacy';
  };
}
