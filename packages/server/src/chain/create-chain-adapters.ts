import type { Manifest } from '@launchlens/engine';
import { type ChainEvent, createRpcClient, loadKnownWallets } from '@launchlens/indexer';
import type { ChainReader } from './chain-reader.js';
import { createHttpQuoteClient } from './http-quote-client.js';
import { createPoolQuoteClient } from './pool-quote-client.js';
import type { QuoteClient } from './quote-client.js';
import { createRpcChainReader } from './rpc-chain-reader.js';
import { createSimChainReader } from './sim-chain-reader.js';

export interface ChainAdaptersOptions {
  readonly manifest: Manifest;
  /** The known-wallets file the simulated dataset was built with (its exchanges, in file order). */
  readonly knownWalletsPath: string;
  /** Set: the real chain (DESIGN §7). Unset: the simulated world of a `sim` dataset. */
  readonly solanaRpcUrl?: string;
  /** A Jupiter-compatible quote API; with the real chain it defaults to Jupiter's public one. */
  readonly quoteApiUrl?: string;
  readonly now: () => number;
  /** Where the simulated reader keeps replayed launch states (default: the OS temp dir). */
  readonly stateDir?: string;
  /**
   * The `sim` live feed: its launches are folded into the simulated reader as they run. Made before
   * the feed starts, so the reader hears its first batch (`startLiveFeed`'s `onChainEvents`).
   */
  readonly live?: {
    now(): number;
    onChainEvents(listener: (events: readonly ChainEvent[]) => void): () => void;
  } | null;
}

/** Jupiter's keyless quote endpoint (`GET {base}/quote`). */
export const DEFAULT_QUOTE_API_URL = 'https://lite-api.jup.ag/swap/v1';

/**
 * The chain reader and quote client `main.ts` wires: the RPC reader and the HTTP aggregator when
 * `SOLANA_RPC_URL` is set; otherwise the simulated world's reader with pool-maths quotes (or the
 * quote API when one is configured), whose replay of the history starts at once in the
 * background. A mainnet dataset without an RPC URL gets none, and the live routes are not served.
 */
export function createChainAdapters(
  options: ChainAdaptersOptions,
): { readonly chain: ChainReader; readonly quotes: QuoteClient } | null {
  if (options.solanaRpcUrl !== undefined) {
    return {
      chain: createRpcChainReader({
        client: createRpcClient({ url: options.solanaRpcUrl }),
        now: options.now,
      }),
      quotes: createHttpQuoteClient({ baseUrl: options.quoteApiUrl ?? DEFAULT_QUOTE_API_URL }),
    };
  }
  if (options.manifest.source !== 'sim' || options.manifest.seed === null) return null;
  const chain = createSimChainReader({
    manifest: options.manifest,
    knownExchanges: loadKnownWallets(options.knownWalletsPath).filter((k) => k.kind === 'exchange'),
    at: options.now(),
    now: options.live?.now,
    stateDir: options.stateDir,
  });
  options.live?.onChainEvents((events) => chain.observe(events));
  // Replay the history now, in the background, so the first live call does not wait for it.
  chain.ready().catch(() => {});
  const quotes =
    options.quoteApiUrl !== undefined
      ? createHttpQuoteClient({ baseUrl: options.quoteApiUrl })
      : createPoolQuoteClient(chain);
  return { chain, quotes };
}
