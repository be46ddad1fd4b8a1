import type { Platform } from '@launchlens/engine/internal';

/** One launch platform's bonding curve, migration and pool, as the simulator models it. */
export interface CurveParams {
  readonly platform: Platform;
  readonly mintSuffix: string;
  readonly supplyRaw: number;
  readonly decimals: number;
  /** Virtual reserves at create (the curve prices against these). */
  readonly virtualSolLamports: number;
  readonly virtualTokenRaw: number;
  /** Tokens sold on the curve before it completes. */
  readonly curveTokenRaw: number;
  /** Fees paid on top of (buys) or out of (sells) the curve amount, in basis points. */
  readonly protocolFeeBps: number;
  readonly creatorFeeBps: number;
  /** SOL kept by the platform when the curve's SOL moves to the pool. */
  readonly migrationFeeLamports: number;
  readonly venue: 'pumpswap' | 'raydium_cpmm';
  /** Pool swap fees: the LP part stays in the reserves, the protocol part leaves. */
  readonly poolLpFeeBps: number;
  readonly poolProtocolFeeBps: number;
}

/**
 * Initial virtual reserves of a Raydium LaunchLab constant-product curve, from the SDK's
 * `getInitParam`: with migrate price P = (F − m)/(S − B − L), x0 = P·B²/(P·B − F) and
 * y0 = F²/(P·B − F), here in exact integer arithmetic.
 */
function launchLabInitReserves(
  supply: bigint,
  sell: bigint,
  fund: bigint,
  migrateFee: bigint,
  locked: bigint,
) {
  const rest = supply - sell - locked;
  const den = (fund - migrateFee) * sell - fund * rest;
  return {
    token: Number(((fund - migrateFee) * sell * sell) / den),
    sol: Number((fund * fund * rest) / den),
  };
}

const bonk = launchLabInitReserves(1_000_000_000_000_000n, 793_100_000_000_000n, 85_000_000_000n, 0n, 0n);

/**
 * pump.fun: the global account's 1.073e9 virtual tokens / 30 virtual SOL, 793.1M tokens on the
 * curve, fee 95 bps + creator fee 30 bps (fixture A), 15 000 001 lamports pool migration fee
 * (fixture E), PumpSwap 20 bps LP + 5 bps protocol. letsbonk (LaunchLab): supply 1e9, 793.1M sold,
 * 85 SOL raised and no migrate fee assumed (which gives ≈ the same virtual reserves as pump.fun),
 * 25 bps protocol + 100 bps platform fee (fixture B's rates), Raydium CPMM 25 bps.
 */
export const CURVE_PARAMS: Readonly<Record<Platform, CurveParams>> = {
  pumpfun: {
    platform: 'pumpfun',
    mintSuffix: 'pump',
    supplyRaw: 1_000_000_000_000_000,
    decimals: 6,
    virtualSolLamports: 30_000_000_000,
    virtualTokenRaw: 1_073_000_000_000_000,
    curveTokenRaw: 793_100_000_000_000,
    protocolFeeBps: 95,
    creatorFeeBps: 30,
    migrationFeeLamports: 15_000_001,
    venue: 'pumpswap',
    poolLpFeeBps: 20,
    poolProtocolFeeBps: 5,
  },
  letsbonk: {
    platform: 'letsbonk',
    mintSuffix: 'bonk',
    supplyRaw: 1_000_000_000_000_000,
    decimals: 6,
    virtualSolLamports: bonk.sol,
    virtualTokenRaw: bonk.token,
    curveTokenRaw: 793_100_000_000_000,
    protocolFeeBps: 125,
    creatorFeeBps: 0,
    migrationFeeLamports: 0,
    venue: 'raydium_cpmm',
    poolLpFeeBps: 21,
    poolProtocolFeeBps: 4,
  },
};
