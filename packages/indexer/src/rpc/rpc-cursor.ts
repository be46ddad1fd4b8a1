import { z } from 'zod';

/** Where the RPC source stopped: per subscribed program the last processed slot and signature, and which launches are done. */
export const RpcCursor = z.object({
  version: z.literal(1),
  programs: z.record(z.string(), z.object({ slot: z.number().int(), signature: z.string() })),
  /** Launches whose snapshot was written to a finished partition: never written again. */
  written_mints: z.array(z.string()),
  /** Launches created but not migrated when the last partition closed: backfilled from their create on resume. */
  open_mints: z.array(z.string()),
  /** Partitions written so far. */
  partitions: z.number().int(),
});
export type RpcCursor = z.infer<typeof RpcCursor>;

export const EMPTY_CURSOR: RpcCursor = {
  version: 1,
  programs: {},
  written_mints: [],
  open_mints: [],
  partitions: 0,
};
