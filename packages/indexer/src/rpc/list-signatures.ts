import { z } from 'zod';
import type { RpcClient } from './rpc-client.js';

/** One entry of `getSignaturesForAddress`. */
export const SignatureInfo = z.object({
  signature: z.string(),
  slot: z.number().int(),
  err: z.unknown().optional(),
  blockTime: z.number().nullable().optional(),
});
export type SignatureInfo = z.infer<typeof SignatureInfo>;

const Page = z.array(SignatureInfo);

export interface ListSignaturesOptions {
  /** Start below this signature (exclusive). */
  readonly before?: string;
  /** Stop at this signature (exclusive). */
  readonly until?: string;
  /** Stop once entries are older than this slot. */
  readonly minSlot?: number;
  /** Pages of `limit` to read at most. */
  readonly maxPages: number;
  /** Page size (RPC maximum 1000). */
  readonly limit?: number;
}

export interface SignatureList {
  /** Newest first. */
  readonly signatures: readonly SignatureInfo[];
  /** The history was read to its start (or to `until` / `minSlot`), not cut by `maxPages`. */
  readonly complete: boolean;
  readonly pages: number;
  /** Pages whose answer was not a signature list (reading stopped there). */
  readonly malformed: number;
}

/** Pages `getSignaturesForAddress` back from the newest (or `before`) towards the oldest. */
export async function listSignatures(
  client: RpcClient,
  address: string,
  options: ListSignaturesOptions,
): Promise<SignatureList> {
  const limit = options.limit ?? 1000;
  const out: SignatureInfo[] = [];
  let before = options.before;
  let pages = 0;
  while (pages < options.maxPages) {
    const config: Record<string, unknown> = { limit, commitment: 'confirmed' };
    if (before !== undefined) config.before = before;
    if (options.until !== undefined) config.until = options.until;
    const raw = await client.call('getSignaturesForAddress', [address, config]);
    pages++;
    const page = Page.safeParse(raw);
    if (!page.success) return { signatures: out, complete: false, pages, malformed: 1 };
    for (const s of page.data) {
      if (options.minSlot !== undefined && s.slot < options.minSlot) {
        return { signatures: out, complete: true, pages, malformed: 0 };
      }
      out.push(s);
    }
    if (page.data.length < limit) return { signatures: out, complete: true, pages, malformed: 0 };
    before = page.data[page.data.length - 1]!.signature;
  }
  return { signatures: out, complete: false, pages, malformed: 0 };
}
