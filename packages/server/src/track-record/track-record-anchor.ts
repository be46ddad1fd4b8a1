import { z } from '@hono/zod-openapi';

/** A head hash written to Solana in a memo transaction. */
export const TrackRecordAnchor = z
  .object({
    seq: z.int().min(1).openapi({ description: 'Sequence number of the head entry anchored' }),
    head_hash: z.string(),
    network: z.string().openapi({
      description: '`solana:<genesis hash>` of the chain, or `localnet:<id>` of a development localnet',
    }),
    signer: z.string().openapi({ description: 'The service key that signed and paid for the memo' }),
    signature: z.string(),
    anchored_at: z.iso.datetime(),
    memo: z
      .string()
      .openapi({ description: 'The memo text: `launchlens track-record seq=<seq> head=<head_hash>`' }),
  })
  .openapi('TrackRecordAnchor');
export type TrackRecordAnchor = z.infer<typeof TrackRecordAnchor>;

/** The memo an anchor writes for a head. */
export function anchorMemo(seq: number, headHash: string): string {
  return `launchlens track-record seq=${seq} head=${headHash}`;
}
