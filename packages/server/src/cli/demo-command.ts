import { join } from 'node:path';
import { REPO_ROOT } from '@launchlens/indexer';
import type { Command } from 'commander';
import { runPaymentsDemo } from '../payments/run-payments-demo.js';

/** `launchlens demo`: x402 and a credit deposit end to end on the localnet (no network). */
export function registerDemoCommand(program: Command): void {
  program
    .command('demo')
    .description('Pay a route with x402 and top up a key with a USDC deposit, end to end on a local chain')
    .option('--dataset <dir>', 'dataset to serve', join(REPO_ROOT, 'datasets', 'test-small'))
    .action(async (options: { dataset: string }) => {
      const steps = await runPaymentsDemo(options.dataset, (line) => console.log(line));
      const failed = steps.filter((s) => !s.ok);
      console.log(
        failed.length === 0
          ? `demo passed (${steps.length} steps)`
          : `demo FAILED: ${failed.map((s) => s.name).join(', ')}`,
      );
      if (failed.length > 0) process.exitCode = 1;
    });
}
