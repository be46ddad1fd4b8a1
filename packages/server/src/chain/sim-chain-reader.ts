import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Manifest } from '@launchlens/engine';
import { type ChainEvent, solUsdPath } from '@launchlens/indexer';
import type { ChainReader, LiveHolders, TokenState } from './chain-reader.js';
import type { LaunchAt } from './fold-launch-events.js';
import { keptLaunchOf } from './kept-launch-of.js';
import { LaunchFold } from './launch-fold.js';
import { replayInWorker } from './replay-in-worker.js';
import { type KeptLaunch, launchStatesKey, openLaunchStates } from './sim-launch-states.js';

export interface SimChainReaderOptions {
  /** The simulated dataset's manifest: seed, launch count and history bounds (`sim_history` of a folded one) rebuild its world. */
  readonly manifest: Manifest;
  /** The exchanges the dataset was built with, in the same order (`loadKnownWallets`). */
  readonly knownExchanges: readonly { readonly address: string; readonly name: string }[];
  /** The moment the reader answers for; at most the history's end (`current_through`). */
  readonly at: number;
  /** Replayed launches the worker hands over at a time (default 1). */
  readonly batch?: number;
  /** The clock of launches fed live (`observe`); default `at`. */
  readonly now?: () => number;
  /**
   * Where the replayed launch states are kept on disk (default: a folder in the OS temp dir). A
   * complete file for the same world and moment is reused: no replay at the next start.
   */
  readonly stateDir?: string;
}

const DAY_MS = 86_400_000;
/**
 * A live launch trades until 24 h after its migration (the simulator's pool phase); past this its
 * state is final and moves from memory to the states file.
 */
const LIVE_SETTLED_MS = 25 * 3_600_000;
/** Launches written between commits (and waking the calls waiting for them). */
const COMMIT_EVERY = 64;
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
  /** Live launches held in memory (those still trading, or stalled on their curves). */
  liveInMemory(): number;
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
 * `replayLaunches` once, on the first call, on a worker thread (`replayInWorker`; ≈ 2 ms a
 * launch, about a minute for 24k launches on one core, which in the event loop delayed every
 * request of a first start by its batches), unless a states file of the same world and moment is
 * there already; a call about a mint not replayed yet waits for it. Per launch the positive
 * balances, the curve and the pool at `at`, and the events of launches still on their curve (for
 * analyze), go to that file (`openLaunchStates`), not to memory: what the reader holds does not
 * grow with the history. Launches the live feed runs after the history are folded in
 * memory as their events arrive (`observe`) and answered at the feed's clock; 25 h after their
 * migration (when they stop trading) they move to the file too.
 */
export function createSimChainReader(options: SimChainReaderOptions): SimChainReader {
  const { manifest } = options;
  const seed = manifest.seed;
  if (manifest.source !== 'sim' || seed === null) {
    throw new Error('the simulated chain reader needs a simulated dataset (manifest source sim with a seed)');
  }
  // A folded dataset's launches after its history are the live feed's, folded in as they arrive.
  const history = manifest.sim_history ?? manifest;
  const end = Date.parse(history.current_through);
  const at = Math.min(options.at, end);
  const days = (end - Date.parse(manifest.history_from)) / DAY_MS;
  const solUsdAt = solUsdPath(seed);
  const liveNow = options.now ?? (() => at);
  const states = openLaunchStates(
    options.stateDir ?? join(tmpdir(), 'launchlens-sim-chain'),
    launchStatesKey({
      // The dataset's content hash changes with the simulator's output, so a file written by an
      // older simulator is never read back.
      content_hash: manifest.content_hash ?? null,
      generator_version: manifest.generator_version ?? null,
      states_format: 1,
      seed,
      launches: history.launches,
      history_from: manifest.history_from,
      current_through: history.current_through,
      at,
      exchanges: options.knownExchanges.map((k) => k.address),
    }),
  );
  const live = new Map<string, LaunchFold>();
  /** Live launches by migration time, oldest first: they leave memory once settled. */
  const migrations: { mint: string; at: number }[] = [];
  let migrationsHead = 0;
  /** Live SOL transfers by recipient, at most `LIVE_FUNDING_KEPT` (oldest dropped first). */
  const funding = new Map<string, ChainEvent[]>();
  let fundingOrder: string[] = [];
  let fundingHead = 0;
  const waiters = new Map<string, (() => void)[]>();
  let done: Promise<number> | null = null;
  let finished = states.complete;

  const run = async (): Promise<number> => {
    if (states.complete) return states.count();
    let written: string[] = [];
    const commit = () => {
      states.commit();
      for (const mint of written) {
        for (const wake of waiters.get(mint) ?? []) wake();
        waiters.delete(mint);
      }
      written = [];
    };
    const replay = {
      launches: history.launches,
      seed,
      end,
      days,
      knownExchanges: options.knownExchanges,
      at,
    };
    for await (const launches of replayInWorker(replay, { batch: options.batch })) {
      for (const kept of launches) {
        states.put(kept);
        written.push(kept.launch.mint);
        if (written.length >= COMMIT_EVERY) commit();
      }
    }
    commit();
    states.finish();
    return states.count();
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

  const find = async (mint: string): Promise<KeptLaunch | undefined> => {
    ready().catch(() => {});
    const hit = states.get(mint);
    if (hit !== undefined || finished) return hit;
    await new Promise<void>((resolve) => waiters.set(mint, [...(waiters.get(mint) ?? []), resolve]));
    return states.get(mint);
  };

  /** Moves live launches that stopped trading from memory to the states file. */
  const settleLive = () => {
    const cutoff = liveNow() - LIVE_SETTLED_MS;
    let moved = false;
    while (migrationsHead < migrations.length && migrations[migrationsHead].at < cutoff) {
      const { mint } = migrations[migrationsHead++];
      const state = live.get(mint)?.state();
      if (state) {
        states.put(keptLaunchOf(state, true));
        live.delete(mint);
        moved = true;
      }
    }
    if (moved) states.commit();
    if (migrationsHead > 1024 && migrationsHead * 2 > migrations.length) {
      migrations.splice(0, migrationsHead);
      migrationsHead = 0;
    }
  };

  return {
    source: 'sim',
    ready,
    observe(events) {
      for (const e of events) {
        if (e.kind === 'create') live.set(e.mint, new LaunchFold());
        if (e.kind === 'migration' && live.has(e.mint)) migrations.push({ mint: e.mint, at: e.at });
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
      settleLive();
    },
    async tokenState(mint): Promise<TokenState> {
      const fold = live.get(mint)?.state();
      if (fold) return stateOf(fold, liveNow());
      const k = await find(mint);
      if (!k)
        return { kind: 'unknown', mint, at, reason: 'no such mint in the simulated world at this moment' };
      return stateOf(k.launch, k.live ? liveNow() : at);
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
        at: k.live ? liveNow() : at,
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
    liveInMemory: () => live.size,
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
