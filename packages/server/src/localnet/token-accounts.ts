import { type Address, getAddressDecoder } from '@solana/kit';
import { getMintEncoder, getTokenEncoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';

/** Token-2022 (its accounts share the classic layout for the first 165 bytes). */
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const TOKEN_ACCOUNT_SIZE = 165;
const addressDecoder = getAddressDecoder();

/** The fields of an SPL token account that balances are made of. */
export interface TokenAccountView {
  readonly mint: string;
  readonly owner: string;
  readonly amount: bigint;
  readonly programId: string;
}

/** Reads an initialized token account (classic or Token-2022); null for any other account. */
export function readTokenAccount(programOwner: string, data: Uint8Array): TokenAccountView | null {
  if (programOwner !== TOKEN_PROGRAM_ADDRESS && programOwner !== TOKEN_2022_PROGRAM) return null;
  if (data.length < TOKEN_ACCOUNT_SIZE || data[108] === 0) return null;
  if (
    programOwner === TOKEN_2022_PROGRAM &&
    data.length > TOKEN_ACCOUNT_SIZE &&
    data[TOKEN_ACCOUNT_SIZE] !== 2
  )
    return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return {
    mint: addressDecoder.decode(data.subarray(0, 32)),
    owner: addressDecoder.decode(data.subarray(32, 64)),
    amount: view.getBigUint64(64, true),
    programId: programOwner,
  };
}

/** The decimals byte of a mint account, or null when the data is not a mint. */
export function readMintDecimals(data: Uint8Array): number | null {
  return data.length >= 82 && data[45] === 1 ? data[44] : null;
}

/** Bytes of an initialized mint with no freeze authority. */
export function encodeMint(options: { authority: Address; supply: bigint; decimals: number }): Uint8Array {
  return new Uint8Array(
    getMintEncoder().encode({
      mintAuthority: options.authority,
      supply: options.supply,
      decimals: options.decimals,
      isInitialized: true,
      freezeAuthority: null,
    }),
  );
}

/** Bytes of an initialized token account holding `amount`. */
export function encodeTokenAccount(options: { mint: Address; owner: Address; amount: bigint }): Uint8Array {
  return new Uint8Array(
    getTokenEncoder().encode({
      mint: options.mint,
      owner: options.owner,
      amount: options.amount,
      delegate: null,
      state: 1,
      isNative: null,
      delegatedAmount: 0n,
      closeAuthority: null,
    }),
  );
}
