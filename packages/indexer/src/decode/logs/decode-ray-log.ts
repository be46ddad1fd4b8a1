import type { DecodeOutcome } from '../decode-warning.js';
import { decodeBase64 } from '../encoding/decode-base64.js';
import { encodeBase58 } from '../encoding/encode-base58.js';
import { readU64 } from '../encoding/read-u64.js';

/**
 * A Raydium AMM v4 `ray_log` record (raydium-amm `program/src/log.rs`). Swap `direction` 1 = pc→coin,
 * 2 = coin→pc; `pool_coin`/`pool_pc` are the vault amounts before the swap.
 */
export type RayLog =
  | {
      readonly type: 'init';
      readonly time: bigint;
      readonly pc_decimals: number;
      readonly coin_decimals: number;
      readonly pc_lot_size: bigint;
      readonly coin_lot_size: bigint;
      readonly pc_amount: bigint;
      readonly coin_amount: bigint;
      readonly market: string;
    }
  | {
      readonly type: 'swap_base_in';
      readonly amount_in: bigint;
      readonly minimum_out: bigint;
      readonly direction: bigint;
      readonly user_source: bigint;
      readonly pool_coin: bigint;
      readonly pool_pc: bigint;
      readonly out_amount: bigint;
    }
  | {
      readonly type: 'swap_base_out';
      readonly max_in: bigint;
      readonly amount_out: bigint;
      readonly direction: bigint;
      readonly user_source: bigint;
      readonly pool_coin: bigint;
      readonly pool_pc: bigint;
      readonly deduct_in: bigint;
    }
  | { readonly type: 'deposit' | 'withdraw' };

/** Decodes the base64 payload of a `Program log: ray_log: …` line. */
export function decodeRayLog(base64: string): DecodeOutcome<RayLog> {
  const bytes = decodeBase64(base64);
  if (bytes === null) return { ok: false, code: 'bad_base64', detail: 'ray_log' };
  if (bytes.length === 0) return { ok: false, code: 'truncated', detail: 'empty ray_log' };
  const u64 = (at: number) => readU64(bytes, at);
  const kind = bytes[0];
  if (kind === 0) {
    if (bytes.length < 75)
      return { ok: false, code: 'truncated', detail: `ray_log init of ${bytes.length} bytes` };
    return {
      ok: true,
      value: {
        type: 'init',
        time: u64(1),
        pc_decimals: bytes[9]!,
        coin_decimals: bytes[10]!,
        pc_lot_size: u64(11),
        coin_lot_size: u64(19),
        pc_amount: u64(27),
        coin_amount: u64(35),
        market: encodeBase58(bytes, 43, 75),
      },
    };
  }
  if (kind === 3 || kind === 4) {
    if (bytes.length < 57)
      return { ok: false, code: 'truncated', detail: `ray_log swap of ${bytes.length} bytes` };
    const a = u64(1);
    const b = u64(9);
    const direction = u64(17);
    const user_source = u64(25);
    const pool_coin = u64(33);
    const pool_pc = u64(41);
    const c = u64(49);
    return kind === 3
      ? {
          ok: true,
          value: {
            type: 'swap_base_in',
            amount_in: a,
            minimum_out: b,
            direction,
            user_source,
            pool_coin,
            pool_pc,
            out_amount: c,
          },
        }
      : {
          ok: true,
          value: {
            type: 'swap_base_out',
            max_in: a,
            amount_out: b,
            direction,
            user_source,
            pool_coin,
            pool_pc,
            deduct_in: c,
          },
        };
  }
  if (kind === 1 || kind === 2) return { ok: true, value: { type: kind === 1 ? 'deposit' : 'withdraw' } };
  return { ok: false, code: 'unknown_discriminator', detail: `ray_log type ${kind}` };
}
