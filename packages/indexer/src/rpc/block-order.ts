import { LruCache } from '@launchlens/engine/internal';
import { z } from 'zod';
import type { RpcClient } from './rpc-client.js';

const BlockSignatures = z.object({ signatures: z.array(z.string()) });

/** How many blocks' orders are kept. */
const KEEP_SLOTS = 512;

/**
 * A transaction's index in its block, from `getBlock` with `transactionDetails: "signatures"`, fetched once
 * per slot. `getTransaction` does not say it, and bundles are told from snipers by it.
 */
export class BlockOrder {
  private readonly slots = new LruCache<number, Promise<ReadonlyMap<string, number> | null>>(KEEP_SLOTS);
  failures = 0;

  constructor(private readonly client: RpcClient) {}

  /** The index, or null when the block could not be read or does not hold the signature. */
  async txIndex(slot: number, signature: string): Promise<number | null> {
    let order = this.slots.get(slot);
    if (order === undefined) {
      order = this.load(slot);
      this.slots.set(slot, order);
    }
    return (await order)?.get(signature) ?? null;
  }

  private async load(slot: number): Promise<ReadonlyMap<string, number> | null> {
    try {
      const raw = await this.client.call('getBlock', [
        slot,
        {
          transactionDetails: 'signatures',
          rewards: false,
          maxSupportedTransactionVersion: 0,
          commitment: 'confirmed',
        },
      ]);
      const block = BlockSignatures.safeParse(raw);
      if (!block.success) {
        this.failures++;
        return null;
      }
      return new Map(block.data.signatures.map((s, i) => [s, i]));
    } catch {
      this.failures++;
      this.slots.delete(slot);
      return null;
    }
  }
}
