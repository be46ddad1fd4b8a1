import type { DecodeOutcome } from '../decode-warning.js';
import { readU64 } from '../encoding/read-u64.js';

/**
 * A Raydium AMM v4 instruction (native program: 1-byte tag, raydium-io/raydium-idl `raydium_amm/idl.json`
 * and raydium-amm `instruction.rs`). Account positions depend on the variant; see `vaults`.
 */
export type AmmV4Instruction =
  | {
      readonly name: 'initialize2';
      readonly nonce: number;
      readonly open_time: bigint;
      readonly init_pc_amount: bigint;
      readonly init_coin_amount: bigint;
      readonly amm: string;
      readonly lp_mint: string;
      readonly coin_mint: string;
      readonly pc_mint: string;
      readonly coin_vault: string;
      readonly pc_vault: string;
      readonly market: string;
      readonly user_wallet: string;
    }
  | {
      readonly name: 'swap_base_in' | 'swap_base_out';
      /** amount_in / minimum_amount_out for base-in; max_amount_in / amount_out for base-out. */
      readonly amount_a: bigint;
      readonly amount_b: bigint;
      readonly amm: string;
      readonly coin_vault: string;
      readonly pc_vault: string;
      readonly user_source: string;
      readonly user_destination: string;
      readonly user_owner: string;
    }
  | { readonly name: 'other'; readonly tag: number };

const SWAP_TAGS: Readonly<Record<number, 'swap_base_in' | 'swap_base_out'>> = {
  9: 'swap_base_in',
  11: 'swap_base_out',
  16: 'swap_base_in',
  17: 'swap_base_out',
};

/** Decodes a Raydium AMM v4 instruction from its data and account keys. */
export function decodeAmmV4Instruction(
  data: Uint8Array,
  accounts: readonly string[],
): DecodeOutcome<AmmV4Instruction> {
  if (data.length === 0) return { ok: false, code: 'truncated', detail: 'empty AMM v4 instruction' };
  const tag = data[0]!;
  if (tag === 1) {
    if (data.length < 26)
      return { ok: false, code: 'truncated', detail: `initialize2 of ${data.length} bytes` };
    if (accounts.length < 18) return { ok: false, code: 'missing_account', detail: 'initialize2 accounts' };
    return {
      ok: true,
      value: {
        name: 'initialize2',
        nonce: data[1]!,
        open_time: readU64(data, 2),
        init_pc_amount: readU64(data, 10),
        init_coin_amount: readU64(data, 18),
        amm: accounts[4]!,
        lp_mint: accounts[7]!,
        coin_mint: accounts[8]!,
        pc_mint: accounts[9]!,
        coin_vault: accounts[10]!,
        pc_vault: accounts[11]!,
        market: accounts[16]!,
        user_wallet: accounts[17]!,
      },
    };
  }
  const swap = SWAP_TAGS[tag];
  if (swap !== undefined) {
    if (data.length < 17) return { ok: false, code: 'truncated', detail: `${swap} of ${data.length} bytes` };
    // 8 accounts (v2, no OpenBook), 17 (no target orders) or 18 (with target orders).
    const vault = accounts.length === 8 ? 3 : accounts.length === 17 ? 4 : accounts.length === 18 ? 5 : -1;
    if (vault < 0)
      return { ok: false, code: 'missing_account', detail: `${swap} with ${accounts.length} accounts` };
    const n = accounts.length;
    return {
      ok: true,
      value: {
        name: swap,
        amount_a: readU64(data, 1),
        amount_b: readU64(data, 9),
        amm: accounts[1]!,
        coin_vault: accounts[vault]!,
        pc_vault: accounts[vault + 1]!,
        user_source: accounts[n - 3]!,
        user_destination: accounts[n - 2]!,
        user_owner: accounts[n - 1]!,
      },
    };
  }
  return { ok: true, value: { name: 'other', tag } };
}
