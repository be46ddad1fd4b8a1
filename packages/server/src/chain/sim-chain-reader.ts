import type { Manifest } from '@launchlens/engine';
import { type ChainEvent, replayLaunches, solUsdPath } from '@launchlens/indexer';
import type { ChainReader, LiveHolders, TokenState } from './chain-reader.js';
import { foldLaunchEvents, type LaunchAt } from './fold-launch-events.js';

export interface SimChainReaderOptions {
  /** The simulated dataset's manifest: seed, launch count and history bounds rebuild its world. */
  readonly manifest: Manifest;
  /** The exchanges the dataset was built with, in the same order (`loadKnownWallets`). */
  readonly knownExchanges: readonly { readonly address: string; readonly name: string }[];
  /** The moment the reader answers for; at most the history's end (`current_through`). */
  readonly at: number;
  /** Launches replayed between yields to the event loop (default 4, ≈ 10 ms). */
  readonly batch?: number;
}

/** What the reader keeps of a launch: balances as parallel arrays, events only while on the curve. */
interface Kept {
  readonly launch: Omit<LaunchAt, 'balances' | 'events'>;
  readonly wallets: readonly string[];
  readonly raws: Float64Array;
  readonly events: readonly ChainEvent[] | null;
}

const DAY_MS = 86_400_000;

/** The simulated reader with its replay progress, for tests and start-up logs. */
export interface SimChainReader extends ChainReader {
  /** Resolves when every launch created by `at` has been replayed. */
  ready(): Promise<number>;
}

/**
 * The simulated world's chain at `at` (DESIGN §7). The world is rebuilt from the manifest with
 * `replayLaunches` once, on the first call, in small batches between other work (≈ 2 ms a
 * launch: about a minute for 24k launches on one core); a call about a mint not replayed yet
 * waits for it. Per launch it keeps the positive balances, the curve and the pool at `at`, and
 * the events of launches still on their curve (for analyze). Launches fed live after the
 * history's end are not in this world.
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
  const kept = new Map<string, Kept>();
  const waiters = new Map<string, (() => void)[]>();
  let done: Promise<number> | null = null;

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
    for (const list of waiters.values()) for (const wake of list) wake();
    waiters.clear();
    return kept.size;
  };

  const ready = () => {
    done ??= run();
    return done;
  };

  let finished = false;
  const find = async (mint: string): Promise<Kept | undefined> => {
    const p = ready().then(() => {
      finished = true;
    });
    if (kept.has(mint) || finished) return kept.get(mint);
    await Promise.race([
      p,
      new Promise<void>((resolve) => waiters.set(mint, [...(waiters.get(mint) ?? []), resolve])),
    ]);
    return kept.get(mint);
  };

  return {
    source: 'sim',
    ready,
    async tokenState(mint): Promise<TokenState> {
      const k = await find(mint);
      if (!k)
        return { kind: 'unknown', mint, at, reason: 'no such mint in the simulated world at this moment' };
      const { launch } = k;
      if (launch.pool === null) {
        return {
          kind: 'curve',
          mint,
          at,
          platform: launch.platform,
          supply_raw: launch.supply_raw,
          decimals: launch.decimals,
          curve: launch.curve,
        };
      }
      return {
        kind: 'migrated',
        mint,
        at,
        supply_raw: launch.supply_raw,
        decimals: launch.decimals,
        pool: launch.pool,
      };
    },
    async holders(mint): Promise<LiveHolders | null> {
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
      return (await find(mint))?.events ?? null;
    },
    async solUsd() {
      return solUsdAt(at);
    },
  };
}
