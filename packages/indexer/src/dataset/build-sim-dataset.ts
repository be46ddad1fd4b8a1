import type { Manifest } from '@launchlens/engine';
import type { OracleRow } from '@launchlens/engine/internal';
import { DEFAULT_RULES } from '../builder/classification-rules.js';
import { type BuildStats, SnapshotBuilder } from '../builder/snapshot-builder.js';
import { WALLET_ID_COLUMNS } from '../builder/wallet-id-columns.js';
import type { ChainEvent } from '../events/chain-event.js';
import { loadKnownWallets } from '../known-wallets/load-known-wallets.js';
import { simulateWorld } from '../sim/simulate-world.js';
import {
  createDatasetWriter,
  type DatasetWriter,
  type DatasetWriterOptions,
  type WriteProgress,
} from '../write/create-dataset-writer.js';
import { EventBatchDecoder } from './event-batch-decoder.js';
import { streamSimEvents } from './stream-sim-events.js';

export interface BuildSimDatasetOptions {
  readonly launches: number;
  readonly seed: number;
  /** Epoch ms at which the simulated history ends. */
  readonly end: number;
  readonly out: string;
  readonly knownWalletsPath: string;
  /** Days before `end` whose launches keep full-resolution ticks. */
  readonly tickDays?: number;
  /** Called as launches migrate: (migrated so far, launches asked for). */
  readonly onProgress?: (migrated: number, total: number) => void;
  /** Called after each step of the final Parquet write, once every launch has migrated (`WriteProgress`). */
  readonly onWriteProgress?: WriteProgress;
  /**
   * Simulate on a worker thread while this thread builds and writes (default true); the rows are
   * the same either way.
   */
  readonly worker?: boolean;
  /** The Parquet writer's DuckDB limits (the rows and bytes do not depend on them). */
  readonly writer?: DatasetWriterOptions;
}

export interface BuildSimDatasetResult {
  readonly manifest: Manifest;
  readonly stats: BuildStats;
}

export const GENERATOR_VERSION = 'launchlens-sim/1';

const iso = (ms: number) => new Date(ms).toISOString();

interface Replayed {
  readonly stats: BuildStats;
  readonly oracle: () => readonly OracleRow[];
}

/**
 * Replays the simulated events through the snapshot builder into `writer`. The builder's state
 * (every wallet and launch seen) lives in this frame only, so it is garbage once the replay ends
 * and the writer's COPY, the write's largest use of memory, does not run beside it.
 */
async function replayInto(
  writer: DatasetWriter,
  world: ReturnType<typeof simulateWorld>,
  simOptions: Parameters<typeof simulateWorld>[0],
  exchanges: readonly { readonly address: string; readonly name: string }[],
  ticksFrom: number,
  options: BuildSimDatasetOptions,
): Promise<Replayed> {
  const sinks = new Map<string, { append(row: object, keys?: ArrayLike<number>): void }>();
  const threaded = options.worker ?? true;
  const decoder = threaded ? new EventBatchDecoder() : null;
  const builder = new SnapshotBuilder(
    {
      rules: DEFAULT_RULES,
      exchanges: new Map(exchanges.map((k) => [k.address, k.name])),
      kolWallets: new Set(world.kols.map((k) => k.wallet)),
      solUsdAt: world.solUsdAt,
      ticksFrom,
    },
    (table, row, walletIds) => {
      let sink = sinks.get(table);
      if (!sink) {
        sink = writer.table(table);
        sinks.set(table, sink);
      }
      sink.append(row, walletIds);
    },
    decoder?.slots ?? null,
  );
  let reported = -1;
  const push = (e: ChainEvent) => {
    builder.push(e);
    if (options.onProgress && builder.stats.migrated !== reported && builder.stats.migrated % 100 === 0) {
      reported = builder.stats.migrated;
      options.onProgress(reported, options.launches);
    }
  };
  let oracle = world.oracle;
  if (decoder) {
    const stream = streamSimEvents(simOptions);
    for await (const batch of stream.batches) decoder.decode(batch, push);
    oracle = stream.oracle;
  } else {
    for (const e of world.events) push(e);
  }
  return { stats: builder.finish(world.currentThrough), oracle };
}

/** Simulates a world, replays it through the snapshot builder and writes a Parquet dataset. */
export async function buildSimDataset(options: BuildSimDatasetOptions): Promise<BuildSimDatasetResult> {
  const known = loadKnownWallets(options.knownWalletsPath);
  const exchanges = known.filter((k) => k.kind === 'exchange');
  const simOptions = {
    launches: options.launches,
    seed: options.seed,
    end: options.end,
    knownExchanges: exchanges.map((k) => ({ address: k.address, name: k.name })),
  };
  const world = simulateWorld(simOptions);
  const tickDays = options.tickDays ?? 2;
  const ticksFrom = world.currentThrough - tickDays * 86_400_000;
  // The builder hands each row's wallet ids (`WALLET_ID_COLUMNS`): the writer keys those strings by them.
  const writer = await createDatasetWriter(options.out, {
    ...options.writer,
    keyedColumns: WALLET_ID_COLUMNS,
  });
  let replayed: Replayed;
  try {
    replayed = await replayInto(writer, world, simOptions, exchanges, ticksFrom, options);
  } catch (cause) {
    await writer.abort();
    throw cause;
  }
  const { stats, oracle } = replayed;
  options.onProgress?.(stats.migrated, options.launches);
  for (const k of known) writer.table('known_wallets').append(k);
  for (const k of world.kols) writer.table('kols').append(k);
  for (const o of oracle()) writer.table('oracle').append(o);
  const manifest = await writer.finish(
    {
      source: 'sim',
      generator_version: GENERATOR_VERSION,
      seed: options.seed,
      launches: stats.migrated,
      history_from: iso(world.historyFrom),
      complete_since: iso(world.completeSince),
      current_through: iso(world.currentThrough),
      ticks_retention: {
        full_resolution_from: iso(ticksFrom),
        resolution_s: DEFAULT_RULES.tickResolutionS,
        note: `ticks at ${DEFAULT_RULES.tickResolutionS}s for launches analysed in the last ${tickDays} days; older launches keep their path summary (paths table) and outcome`,
      },
    },
    options.onWriteProgress,
  );
  return { manifest, stats };
}
