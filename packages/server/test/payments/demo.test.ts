import { join } from 'node:path';
import { REPO_ROOT } from '@launchlens/indexer';
import { expect, test } from 'vitest';
import { runPaymentsDemo } from '../../src/payments/run-payments-demo.js';

test('the payments demo passes every step on the committed small dataset, analyze of a curve launch included', async () => {
  const lines: string[] = [];
  const steps = await runPaymentsDemo(join(REPO_ROOT, 'datasets', 'test-small'), (l) => lines.push(l));
  expect(steps.map((s) => s.name)).toEqual([
    'faucet',
    'x402 paid call',
    'x402 replay refused',
    'deposit credited',
    'deposit credited once',
    'credits paid call',
    'analyze queued',
    'analyze complete',
  ]);
  expect(steps.filter((s) => !s.ok)).toEqual([]);
});
