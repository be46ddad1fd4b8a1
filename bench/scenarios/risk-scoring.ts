// Pure scoring throughput: scoreBatch over 1M tokens (no I/O), and scoreToken with contributions.
import { compileModel, fitRiskModel, scoreToken } from '@launchlens/engine';
import { buildRiskFrame, scoreBatch } from '@launchlens/engine/internal';
import { sampleFeatureInputs } from '@launchlens/engine/testing';
import { median, report } from '../scenario-result.js';

const base = sampleFeatureInputs(50_000, 42);
const frame = buildRiskFrame(
  base.map((l) => l.inputs),
  base.map((l) => l.outcome),
);
const model = compileModel(fitRiskModel(frame, { cutoff: frame.analyzedAt[frame.n - 1] + 86_400_000 }));

const N = 1_000_000;
const x = new Float64Array(N * frame.d);
for (let i = 0; i < N; i++)
  x.set(frame.x.subarray((i % frame.n) * frame.d, ((i % frame.n) + 1) * frame.d), i * frame.d);
const out = new Uint8Array(N);

const runs: number[] = [];
for (let r = 0; r < 7; r++) {
  const t0 = performance.now();
  scoreBatch(model, x, N, out);
  runs.push(N / ((performance.now() - t0) / 1000));
}

const M = 100_000;
const tokenRuns: number[] = [];
for (let r = 0; r < 5; r++) {
  const t0 = performance.now();
  for (let i = 0; i < M; i++) {
    scoreToken(model, {
      skipped: false,
      skip_reason: null,
      x: frame.x.subarray((i % frame.n) * frame.d, ((i % frame.n) + 1) * frame.d),
    });
  }
  tokenRuns.push(M / ((performance.now() - t0) / 1000));
}

report(
  {
    name: 'risk-scoring-batch',
    metric: `tokens scored per second (scoreBatch, 1M tokens, ${frame.d} features)`,
    unit: 'tokens/s',
    value: median(runs),
    target: '≥ 1,000,000 tokens/s',
    runs,
  },
  {
    name: 'risk-scoring-token',
    metric: 'tokens scored per second with contributions (scoreToken)',
    unit: 'tokens/s',
    value: median(tokenRuns),
    runs: tokenRuns,
  },
);
