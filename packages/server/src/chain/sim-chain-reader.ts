import type { Manifest } from '@launchlens/engine';
import { type ChainEvent, replayLaunches, solUsdPath } from '@launchlens/indexer';
import type { ChainReader, LiveHolders, TokenState } from './chain-reader.js';
import { foldLaunchEvents, type LaunchAt } from './fold-launch-events.js';
import { LaunchFold } from './launch-fold.js';

export interface SimChainReaderOptions {
  /** The simulated dataset's manifest: seed, launch count and history bounds rebuild its world. */
  readonly manifest: Manifest;
  /** The exchanges the dataset was built with, in the same order (`loadKnownWallets`). */
  readonly knownExchanges: readonly { readonly address: string; readonly name: string }[];
  /** The moment the reader answers for; at most the history's end (`current_through`). */
  readonly at: number;
  /** Launches replayed between yields to the event loop (default 4, ≈ 10 ms). */
  readonly batch?: number;
  /** The clock of launches fed live (`observe`); default `at`. */
  readonly now?: () => number;
}

/** What the reader keeps of a launch: balances as parallel arrays, events only while on the curve. */
interface Kept {
  readonly launch: Omit<LaunchAt, 'balances' | 'events'>;
  readonly wallets: readonly string[];
  readonly raws: Float64Array;
  readonly events: readonly ChainEvent[] | null;
}

const DAY_MS = 86_400_000;
/** SOL transfers of the live feed kept for analyze (funding of a curve token's wallets), newest. */
const LIVE_FUNDING_KEPT = 100_000;

const order = (a: ChainEvent, b: ChainEvent) => a.slot - b.slot || a.tx_index - b.tx_index;

/** A launch's events with the kept funding of the wallets in them, in chain order. */
function withFunding(
  events: readonly ChainEvent[],
  funding: ReadonlyMap<string, ChainEvent[]>,
): ChainEvent[] {
  const wallets = new Set<string>();
  for (const e of events) {
    if (e.kind === 'create') wallets.add(e.creator);
    else if (e.kind === 'curve_trade') wallets.add(e.wallet);
    else if (e.kind === 'token_transfer') wallets.add(e.to);
  }
  const transfers = [...wallets].flatMap((w) => funding.get(w) ?? []);
  return [...events, ...new Set(transfers)].sort(order);
}

/** The simulated reader with its replay progress and its live input. */
export interface SimChainReader extends ChainReader {
  /** Resolves when every launch created by `at` has been replayed. */
  ready(): Promise<number>;
  /** Folds events of launches the live feed runs after the history (a `LiveFeed` listener). */
  observe(events: readonly ChainEvent[]): void;
}

function stateOf(launch: Omit<LaunchAt, 'balances' | 'events'>, at: number): TokenState {
  const { mint, supply_raw, decimals } = launch;
  if (launch.pool === null) {
    return { kind: 'curve', mint, at, platform: launch.platform, supply_raw, decimals, curve: launch.curve };
  }
  return { kind: 'migrated', mint, at, supply_raw, decimals, pool: launch.pool };
}

/**
 * The simulated world's chain (DESIGN §7). The history is rebuilt from the manifest with
 * `replayLaunches` once, on the first call, in small batches between other work (≈ 2 ms a
 * launch: about a minute for 24k launches on one core); a call about a mint not replayed yet
 * waits for it. Per launch it keeps the positive balances, the curve and the pool at `at`, and
 * the events of launches still on their curve (for analyze). Launches the live feed runs after
 * the history are folded as their events arrive (`observe`) and answered at the feed's clock.
 */
export function createSimChainReader(options: SimChainReaderOptions): SimChainReader {
  const { manifest } = options;
  const seed = manifest.seed;
  if (manifest.source !== 'sim' || seed === null) {
    throw new Error('the simulated chain reader needs a simulated dataset (manifest source sim with a seed)');
  }
  const end = Date.parse(manifest.current_through);
  const at = Math.min(options.at, end);
  const days = (end - Date.parse(manifest.history_from)) / DAY_MS;
  const solUsdAt = solUsdPath(seed);
  const liveNow = options.now ?? (() => at);
  const kept = new Map<string, Kept>();
  const live = new Map<string, LaunchFold>();
  /** Live SOL transfers by recipient, at most `LIVE_FUNDING_KEPT` (oldest dropped first). */
  const funding = new Map<string, ChainEvent[]>();
  let fundingOrder: string[] = [];
  let fundingHead = 0;
  const waiters = new Map<string, (() => void)[]>();
  let done: Promise<number> | null = null;
  let finished = false;

  const run = async (): Promise<number> => {
    const batch = options.batch ?? 4;
    let n = 0;
    for (const launch of replayLaunches({
      launches: manifest.launches,
      seed,
      end,
      days,
      knownExchanges: options.knownExchanges,
    })) {
      if (launch.createAt > at) break;
      const state = foldLaunchEvents(launch.events(), at);
      if (state !== null) {
        const { balances, events, ...rest } = state;
        kept.set(state.mint, {
          launch: rest,
          wallets: [...balances.keys()],
          raws: Float64Array.from(balances.values()),
          events: state.pool === null ? events : null,
        });
        for (const wake of waiters.get(state.mint) ?? []) wake();
        waiters.delete(state.mint);
      }
      if (++n % batch === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return kept.size;
  };

  const ready = () => {
    // A failed replay still wakes every waiting call (their mints then read as unknown).
    done ??= run().finally(() => {
      finished = true;
      for (const list of waiters.values()) for (const wake of list) wake();
      waiters.clear();
    });
    return done;
  };

  const find = async (mint: string): Promise<Kept | undefined> => {
    ready().catch(() => {});
    if (kept.has(mint) || finished) return kept.get(mint);
    await new Promise<void>((resolve) => waiters.set(mint, [...(waiters.get(mint) ?? []), resolve]));
    return kept.get(mint);
  };

  return {
    source: 'sim',
    ready,
    observe(events) {
      for (const e of events) {
        if (e.kind === 'create') live.set(e.mint, new LaunchFold());
        if ('mint' in e) live.get(e.mint)?.push(e);
        else if (e.kind === 'sol_transfer') {
          const list = funding.get(e.to);
          if (list) list.push(e);
          else funding.set(e.to, [e]);
          fundingOrder.push(e.to);
          if (fundingOrder.length - fundingHead > LIVE_FUNDING_KEPT) {
            const oldest = fundingOrder[fundingHead++];
            const rest = funding.get(oldest)?.slice(1) ?? [];
            if (rest.length > 0) funding.set(oldest, rest);
            else funding.delete(oldest);
            if (fundingHead > LIVE_FUNDING_KEPT) {
              fundingOrder = fundingOrder.slice(fundingHead);
              fundingHead = 0;
            }
          }
        }
      }
    },
    async tokenState(mint): Promise<TokenState> {
      const fold = live.get(mint)?.state();
      if (fold) return stateOf(fold, liveNow());
      const k = await find(mint);
      if (!k)
        return { kind: 'unknown', mint, at, reason: 'no such mint in the simulated world at this moment' };
      return stateOf(k.launch, at);
    },
    async holders(mint): Promise<LiveHolders | null> {
      const fold = live.get(mint)?.state();
      if (fold) {
        return {
          mint,
          at: liveNow(),
          supply_raw: fold.supply_raw,
          holdings: [...fold.balances].map(([wallet, token_raw]) => ({ wallet, token_raw })),
          complete: true,
          method: 'every token balance of the live simulated world',
        };
      }
      const k = await find(mint);
      if (!k) return null;
      return {
        mint,
        at,
        supply_raw: k.launch.supply_raw,
        holdings: k.wallets.map((wallet, i) => ({ wallet, token_raw: k.raws[i] })),
        complete: true,
        method: 'every token balance of the simulated world, replayed from its seed',
      };
    },
    async curveEvents(mint) {
      const fold = live.get(mint)?.state();
      if (fold) return fold.pool === null ? withFunding(fold.events, funding) : null;
      return (await find(mint))?.events ?? null;
    },
    async solUsd() {
      return solUsdAt(Math.max(at, liveNow()));
    },
    curveMint() {
      // The oldest live launch still on its curve: the live world keeps some there for good.
      for (const [mint, fold] of live) {
        const state = fold.state();
        if (state !== null && state.pool === null) return mint;
      }
      return null;
    },
  };
}
