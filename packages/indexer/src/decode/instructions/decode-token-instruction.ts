import { encodeBase58 } from '../encoding/encode-base58.js';
import { parseU64 } from '../encoding/parse-u64.js';
import { readU64 } from '../encoding/read-u64.js';

/** What the decoders need from an SPL Token / Token-2022 instruction. */
export type TokenInstruction =
  | {
      readonly type: 'transfer';
      readonly source: string;
      readonly destination: string;
      readonly authority: string | null;
      readonly mint: string | null;
      readonly amount: bigint;
    }
  | {
      readonly type: 'set_authority';
      readonly target: string;
      readonly authority: 'mint' | 'freeze' | 'other';
      readonly new_authority: string | null;
    }
  | {
      readonly type: 'initialize_mint';
      readonly mint: string;
      readonly mint_authority: string | null;
      readonly freeze_authority: string | null;
    }
  | { readonly type: 'burn'; readonly mint: string | null; readonly amount: bigint }
  | { readonly type: 'other' };

const OTHER: TokenInstruction = { type: 'other' };

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const amountOf = (value: unknown): bigint | null => {
  if (typeof value === 'string') return parseU64(value);
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  return null;
};

function fromParsed(type: string, info: Readonly<Record<string, unknown>>): TokenInstruction | null {
  switch (type) {
    case 'transfer':
    case 'transferChecked': {
      const tokenAmount = info.tokenAmount as Record<string, unknown> | undefined;
      const amount = amountOf(type === 'transfer' ? info.amount : tokenAmount?.amount);
      const source = str(info.source);
      const destination = str(info.destination);
      if (amount === null || source === null || destination === null) return null;
      return {
        type: 'transfer',
        source,
        destination,
        authority: str(info.authority) ?? str(info.multisigAuthority),
        mint: str(info.mint),
        amount,
      };
    }
    case 'setAuthority': {
      const target = str(info.mint) ?? str(info.account);
      if (target === null) return null;
      const kind = info.authorityType;
      return {
        type: 'set_authority',
        target,
        authority: kind === 'mintTokens' ? 'mint' : kind === 'freezeAccount' ? 'freeze' : 'other',
        new_authority: str(info.newAuthority),
      };
    }
    case 'initializeMint':
    case 'initializeMint2': {
      const mint = str(info.mint);
      if (mint === null) return null;
      return {
        type: 'initialize_mint',
        mint,
        mint_authority: str(info.mintAuthority),
        freeze_authority: str(info.freezeAuthority),
      };
    }
    case 'burn':
    case 'burnChecked': {
      const tokenAmount = info.tokenAmount as Record<string, unknown> | undefined;
      const amount = amountOf(type === 'burn' ? info.amount : tokenAmount?.amount);
      return amount === null ? null : { type: 'burn', mint: str(info.mint), amount };
    }
    default:
      return OTHER;
  }
}

function optionalKey(data: Uint8Array, at: number): string | null | undefined {
  if (data.length < at + 1) return undefined;
  if (data[at] === 0) return null;
  if (data.length < at + 33) return undefined;
  return encodeBase58(data, at + 1, at + 33);
}

function fromRaw(data: Uint8Array, accounts: readonly string[]): TokenInstruction | null {
  switch (data[0]) {
    case 3:
      if (data.length < 9 || accounts.length < 3) return null;
      return {
        type: 'transfer',
        source: accounts[0]!,
        destination: accounts[1]!,
        authority: accounts[2]!,
        mint: null,
        amount: readU64(data, 1),
      };
    case 12:
      if (data.length < 10 || accounts.length < 4) return null;
      return {
        type: 'transfer',
        source: accounts[0]!,
        destination: accounts[2]!,
        authority: accounts[3]!,
        mint: accounts[1]!,
        amount: readU64(data, 1),
      };
    case 6: {
      if (data.length < 3 || accounts.length < 1) return null;
      const newAuthority = optionalKey(data, 2);
      if (newAuthority === undefined) return null;
      const kind = data[1];
      return {
        type: 'set_authority',
        target: accounts[0]!,
        authority: kind === 0 ? 'mint' : kind === 1 ? 'freeze' : 'other',
        new_authority: newAuthority,
      };
    }
    case 0:
    case 20: {
      if (data.length < 35 || accounts.length < 1) return null;
      const freeze = optionalKey(data, 34);
      if (freeze === undefined) return null;
      return {
        type: 'initialize_mint',
        mint: accounts[0]!,
        mint_authority: encodeBase58(data, 2, 34),
        freeze_authority: freeze,
      };
    }
    case 8:
    case 15:
      if (data.length < 9 || accounts.length < 2) return null;
      return { type: 'burn', mint: accounts[1]!, amount: readU64(data, 1) };
    default:
      return data.length === 0 ? null : OTHER;
  }
}

/**
 * Decodes an SPL Token or Token-2022 instruction from raw data (tags of `spl-token` `instruction.rs`) or from
 * the node's `jsonParsed` form; null when the data is too short for its tag.
 */
export function decodeTokenInstruction(
  input:
    | { readonly data: Uint8Array; readonly accounts: readonly string[] }
    | { readonly parsed: { readonly type: string; readonly info: Readonly<Record<string, unknown>> } },
): TokenInstruction | null {
  return 'parsed' in input
    ? fromParsed(input.parsed.type, input.parsed.info)
    : fromRaw(input.data, input.accounts);
}
