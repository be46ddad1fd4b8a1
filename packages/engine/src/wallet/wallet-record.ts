import { z } from 'zod';
import { WalletRole } from '../graph/graph-record.js';

export const WalletLaunch = z.object({
  mint: z.string(),
  symbol: z.string().nullable(),
  analyzed_at: z.string(),
  roles: z.array(WalletRole),
  /** Share of supply held at migration (0 when it had sold out). */
  supply_pct: z.number(),
  /** Realized SOL of its position, null until the position's last trade is at or before as_of. */
  realized_sol: z.number().nullable(),
  /** Null until the launch's outcome settled by as_of. */
  rugged: z.boolean().nullable(),
});
export type WalletLaunch = z.infer<typeof WalletLaunch>;

/** `GET /v1/wallet/{address}`: vet one wallet of any kind (shape: packages/engine/src/wallet/README.md). */
export const WalletRecord = z.object({
  address: z.string(),
  /** Known service wallet (exchange) when the address is in the known-wallets list. */
  known: z.object({ name: z.string(), kind: z.string() }).nullable(),
  kol: z
    .object({ name: z.string(), handle: z.string().nullable(), verified: z.boolean(), followers: z.int() })
    .nullable(),
  /** Its first incoming SOL. */
  funder: z
    .object({
      address: z.string(),
      known_name: z.string().nullable(),
      funded_at: z.string(),
      amount_sol: z.number(),
    })
    .nullable(),
  /** Wallets whose first incoming SOL came from this one. */
  funded_wallets: z.int(),
  /** Launches whose curve it traded (analysed by as_of). */
  launches_seen: z.int(),
  first_seen_at: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  roles: z.object({
    creator: z.int(),
    insider: z.int(),
    bundle: z.int(),
    sniper: z.int(),
    early: z.int(),
    fresh: z.int(),
    whale: z.int(),
    wash: z.int(),
    held_at_migration: z.int(),
  }),
  /** Every position (curve and pool) whose last trade is at or before as_of. */
  trading: z.object({ positions: z.int(), realized_sol: z.number(), won: z.int(), lost: z.int() }),
  insider_in: z.int(),
  /** Insider in at least `SERIAL_INSIDER_MIN` launches (the serial-insiders leaderboard default). */
  serial_insider: z.boolean(),
  insider_outcomes: z.object({
    launches: z.int(),
    settled: z.int(),
    rugged: z.int(),
    rug_pct: z.number().nullable(),
  }),
  launches: z.array(WalletLaunch),
  launches_total: z.int(),
  says: z.string(),
});
export type WalletRecord = z.infer<typeof WalletRecord>;

export const SERIAL_INSIDER_MIN = 3;
export const WALLET_LAUNCHES_CAP = 25;
