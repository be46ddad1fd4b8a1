import { resolve } from 'node:path';
import { openDataset, readManifest } from '@launchlens/engine/store';
import {
  buildSimDataset,
  DEFAULT_DATASET_DIR,
  DEFAULT_LAUNCHES,
  DEFAULT_SEED,
  defaultEnd,
  defaultKnownWalletsPath,
} from '@launchlens/indexer';
import type { Command } from 'commander';
import pino from 'pino';
import { openEventLog } from '../live/open-event-log.js';
import { rowsStreamOf } from '../live/rows-stream-of.js';
import { foldFromLog } from './fold-from-log.js';
import { measureBaseRates } from './measure-base-rates.js';
import { datasetOption, isoMoment, ledgerFile, memorySize, wholeNumber } from './options.js';
import { buildProgress, stepsProgress } from './progress.js';

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** Builds the dataset's serving store (`serving.duckdb`) with a progress bar over its steps. */
async function buildServing(dir: string, memoryLimit: string | undefined): Promise<void> {
  const started = performance.now();
  const steps = stepsProgress('serving store steps');
  const store = await openDataset(dir, {
    buildMemoryLimit: memoryLimit,
    onBuildProgress: steps.update,
  }).finally(steps.stop);
  await store.close();
  console.log(
    `serving store written to ${dir}/serving.duckdb in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** `launchlens dataset build|fold|report`. */
export function registerDatasetCommands(program: Command): void {
  const dataset = program.command('dataset').description('build and inspect datasets');

  dataset
    .command('build')
    .description('simulate a world and build a Parquet dataset through the snapshot builder')
    .option('--launches <n>', 'migrated launches to simulate', wholeNumber('--launches'), DEFAULT_LAUNCHES)
    .option('--seed <s>', 'simulator seed', wholeNumber('--seed'), DEFAULT_SEED)
    .option('--out <dir>', 'dataset folder', DEFAULT_DATASET_DIR)
    .option(
      '--end <iso>',
      'when the simulated history ends (default: the start of this UTC hour)',
      isoMoment('--end'),
    )
    .option('--no-serving', 'write the Parquet files only (the serving store is then built on first open)')
    .option(
      '--memory-limit <size>',
      "DuckDB's memory limit for the final Parquet write and the serving store build (default 1536MB)",
      memorySize('--memory-limit'),
    )
    .action(
      async (opts: {
        launches: number;
        seed: number;
        out: string;
        end?: number;
        serving: boolean;
        memoryLimit?: string;
      }) => {
        const end = opts.end ?? defaultEnd(Date.now());
        const started = performance.now();
        const progress = buildProgress(opts.launches);
        const { manifest, stats } = await buildSimDataset({
          launches: opts.launches,
          seed: opts.seed,
          end,
          out: resolve(opts.out),
          knownWalletsPath: defaultKnownWalletsPath(),
          onProgress: progress.onProgress,
          onWriteProgress: progress.onWriteProgress,
          writer: opts.memoryLimit === undefined ? undefined : { memoryLimit: opts.memoryLimit },
        }).finally(progress.stop);
        const seconds = (performance.now() - started) / 1000;
        const tables = Object.entries(manifest.tables);
        const total = tables.reduce((s, [, t]) => s + t.bytes, 0);
        console.log(`dataset written to ${resolve(opts.out)} in ${seconds.toFixed(1)} s`);
        console.log(
          `  ${stats.events.toLocaleString('en')} events, ${stats.migrated} launches (${stats.settled} settled), ${mb(total)}`,
        );
        for (const [name, t] of tables) {
          console.log(`  ${name.padEnd(14)} ${String(t.rows).padStart(10)} rows  ${mb(t.bytes).padStart(9)}`);
        }
        console.log(`  content hash ${manifest.content_hash}`);
        if (opts.serving) await buildServing(resolve(opts.out), opts.memoryLimit);
      },
    );

  dataset
    .command('fold')
    .description(
      "write the next base: a dataset's rows plus the live rows the event log holds beyond it, with its serving store",
    )
    .requiredOption('--from <dir>', 'the dataset the replicas serve')
    .requiredOption('--out <dir>', 'the new dataset folder (must not exist)')
    .option(
      '--ledger <path>',
      'ledger file holding the event log (default DATABASE_URL, else LEDGER_PATH or var/ledger.sqlite)',
    )
    .option(
      '--memory-limit <size>',
      "DuckDB's memory limit while writing the files and building the serving store (default 1536MB)",
      memorySize('--memory-limit'),
    )
    .action(async (opts: { from: string; out: string; ledger?: string; memoryLimit?: string }) => {
      const started = performance.now();
      const log = await openEventLog({
        databaseUrl: opts.ledger === undefined ? process.env.DATABASE_URL : undefined,
        ledgerFile: ledgerFile(opts.ledger),
      });
      const steps = stepsProgress('serving store steps');
      try {
        const folded = await foldFromLog({
          from: opts.from,
          out: opts.out,
          log,
          logger: pino({ level: 'warn' }, pino.destination(2)),
          memoryLimit: opts.memoryLimit,
          onBuildProgress: steps.update,
        });
        const { manifest } = folded;
        console.log(
          `folded ${folded.rows.toLocaleString('en')} rows from ${folded.events} rows events into ${resolve(opts.out)} ` +
            `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
        console.log(
          `  launches ${folded.baseLaunches} → ${manifest.launches}, current_through ${manifest.current_through}`,
        );
        console.log(`  content hash ${manifest.content_hash}`);
      } finally {
        steps.stop();
        await log.close();
      }
    });

  dataset
    .command('prune-log')
    .description(
      "delete the event log's rows events that a folded base already holds (once no replica serves an older base)",
    )
    .requiredOption('--base <dir>', 'the folded dataset every replica now serves')
    .option(
      '--ledger <path>',
      'ledger file holding the event log (default DATABASE_URL, else LEDGER_PATH or var/ledger.sqlite)',
    )
    .action(async (opts: { base: string; ledger?: string }) => {
      const manifest = await readManifest(resolve(opts.base));
      const log = await openEventLog({
        databaseUrl: opts.ledger === undefined ? process.env.DATABASE_URL : undefined,
        ledgerFile: ledgerFile(opts.ledger),
      });
      try {
        const stream = rowsStreamOf(manifest);
        const pruned = await log.pruneRows(stream, Date.parse(manifest.current_through));
        console.log(`pruned ${pruned} events of ${stream} through ${manifest.current_through}`);
      } finally {
        await log.close();
      }
    });

  dataset
    .command('report')
    .description('measured base rates of a dataset beside the targets of the design')
    .addOption(datasetOption())
    .option('--json', 'print JSON')
    .action(async (opts: { dataset: string; json?: boolean }) => {
      const store = await openDataset(resolve(opts.dataset));
      try {
        const report = await measureBaseRates(store);
        if (opts.json) {
          console.log(JSON.stringify({ dataset: resolve(opts.dataset), ...report }, null, 2));
          return;
        }
        console.log(`${report.launches} launches, ${report.settled} settled`);
        for (const r of report.rates) {
          console.log(
            `  ${r.ok ? 'ok  ' : 'MISS'} ${r.name.padEnd(22)} ${r.measured.toFixed(2).padStart(8)}   target ${r.target}`,
          );
        }
      } finally {
        await store.close();
      }
    });
}
