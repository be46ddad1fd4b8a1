import { resolve } from 'node:path';
import { DEFAULT_DATASET_DIR, defaultKnownWalletsPath, runIndex } from '@launchlens/indexer';
import type { Command } from 'commander';
import { positiveNumber, repeatable, wholeNumber } from './options.js';

interface IndexCommandOptions {
  rpc: string;
  ws?: string;
  out: string;
  mint: string[];
  sinceSlot?: number;
  maxLaunches?: number;
  solUsd: number;
  rate: number;
  holders: 'largest' | 'program_accounts' | 'off';
}

/** `launchlens index --rpc URL [--ws URL] [--out DIR] [--mint MINT …] [--since-slot N] [--max-launches N]`. */
export function registerIndexCommands(program: Command): void {
  program
    .command('index')
    .description(
      'index launches from a Solana RPC into a mainnet dataset partition (resumable from DIR/cursor.json)',
    )
    .requiredOption('--rpc <url>', 'Solana JSON-RPC endpoint')
    .option('--ws <url>', 'websocket endpoint: follow new launches live until --max-launches or Ctrl-C')
    .option(
      '--out <dir>',
      'output folder (cursor.json, partitions/part-NNNNNN/)',
      `${DEFAULT_DATASET_DIR}-mainnet`,
    )
    .option('--mint <mint>', 'backfill this mint’s history first (repeatable)', repeatable, [])
    .option(
      '--since-slot <n>',
      'without a cursor, catch the launch programs up from this slot',
      wholeNumber('--since-slot'),
    )
    .option(
      '--max-launches <n>',
      'stop after this many launches have migrated',
      wholeNumber('--max-launches'),
    )
    .option(
      '--sol-usd <usd>',
      'SOL price applied to the run (no price oracle here)',
      positiveNumber('--sol-usd'),
      150,
    )
    .option('--rate <n>', 'RPC requests per second', positiveNumber('--rate'), 10)
    .option('--holders <method>', 'holder capture at migration: largest | program_accounts | off', 'largest')
    .action(async (opts: IndexCommandOptions) => {
      if (!['largest', 'program_accounts', 'off'].includes(opts.holders)) {
        throw new Error(`--holders must be largest, program_accounts or off, got ${opts.holders}`);
      }
      const out = resolve(opts.out);
      const started = performance.now();
      let stop: () => void = () => {};
      const until = new Promise<void>((r) => {
        stop = r;
      });
      const onSignal = () => {
        process.stderr.write('\nstopping: releasing buffered events and writing the partition…\n');
        stop();
      };
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      let lastLine = 0;
      try {
        const result = await runIndex({
          rpcUrl: opts.rpc,
          wsUrl: opts.ws,
          out,
          mints: opts.mint,
          sinceSlot: opts.sinceSlot,
          maxLaunches: opts.maxLaunches,
          solUsd: opts.solUsd,
          knownWalletsPath: defaultKnownWalletsPath(),
          client: { ratePerS: opts.rate },
          source: { holders: opts.holders },
          until,
          onProgress: (p) => {
            const now = performance.now();
            if (now - lastLine < 1000 && p.migrated === 0) return;
            lastLine = now;
            const s = ((now - started) / 1000).toFixed(0);
            process.stderr.write(
              `  ${s}s  ${p.launches} launches seen, ${p.migrated} migrated | ${p.events} events | ${p.requests} RPC requests\n`,
            );
          },
        });
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        const s = result.source;
        console.log(
          result.partition
            ? `partition written to ${result.partition} in ${seconds} s: ${result.build.migrated} launches`
            : `no launch migrated in ${seconds} s: no partition written (cursor saved in ${out})`,
        );
        console.log(
          `  ${s.launches} launches seen, ${s.events} events, ${result.client.requests} RPC requests (${result.client.retries} retries, ${result.client.rateLimited} rate-limited)`,
        );
        console.log(
          `  skipped: ${s.failedTx} failed tx, ${s.missingTx} missing, ${s.malformedResponses} malformed, ${s.fetchErrors} fetch errors, ${s.decodeWarnings} decode warnings, ${s.untracked} untracked events`,
        );
        console.log(
          `  funding lookups: ${s.funding.found} found, ${s.funding.not_found} not found, ${s.funding.too_deep} too deep, ${s.funding.over_budget} over budget`,
        );
        for (const c of result.holderChecks) {
          console.log(
            `  holders ${c.mint}: ${c.matched}/${c.compared} match the chain at slot ${c.capture_slot} (migration ${c.migration_slot})`,
          );
        }
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
    });
}
