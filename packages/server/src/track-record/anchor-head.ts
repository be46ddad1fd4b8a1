import type { KeyPairSigner } from '@solana/kit';
import type { PredictionLog } from './prediction-log.js';
import { sendMemo } from './send-memo.js';
import { anchorMemo, type TrackRecordAnchor } from './track-record-anchor.js';

export interface AnchorOptions {
  readonly log: PredictionLog;
  readonly rpcUrl: string;
  readonly signer: KeyPairSigner;
  /** `solana:<genesis hash>` or `localnet:<id>`. */
  readonly network: string;
  readonly now: () => number;
}

/**
 * Writes the log's head hash to Solana in a memo and records the anchor; does nothing (null) when
 * the log is empty or its head is already anchored on this network.
 */
export async function anchorHead(options: AnchorOptions): Promise<TrackRecordAnchor | null> {
  const { head } = await options.log.summary();
  if (head === null) return null;
  const anchors = await options.log.anchors();
  if (anchors.some((a) => a.network === options.network && a.seq === head.seq && a.head_hash === head.hash))
    return null;
  const memo = anchorMemo(head.seq, head.hash);
  const signature = await sendMemo(options.rpcUrl, options.signer, memo);
  const anchor: TrackRecordAnchor = {
    seq: head.seq,
    head_hash: head.hash,
    network: options.network,
    signer: options.signer.address,
    signature,
    anchored_at: new Date(options.now()).toISOString(),
    memo,
  };
  await options.log.addAnchor(anchor);
  return anchor;
}
