import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RiskModel } from '@launchlens/engine';
import type { BacktestSummary, ExternalCalibration, RedrawSummary } from '@launchlens/engine/internal';
import { openDataset } from '@launchlens/engine/store';
import { buildSimDataset, defaultKnownWalletsPath, SHARED_DIR } from '@launchlens/indexer';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerRiskCommands } from './risk-commands.js';

const DAY = 86_400_000;
const root = mkdtempSync(join(tmpdir(), 'launchlens-risk-cli-'));
const dataset = join(root, 'ds');
let historyFrom = 0;

beforeAll(async () => {
  const { manifest } = await buildSimDataset({
    launches: 700,
    seed: 3,
    end: Date.UTC(2026, 9, 1),
    out: dataset,
    knownWalletsPath: defaultKnownWalletsPath(),
  });
  historyFrom = Date.parse(manifest.history_from);
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs one `launchlens` command in process and returns what it printed. */
async function run(...args: string[]): Promise<string> {
  const program = new Command('launchlens').exitOverride();
  registerRiskCommands(program);
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => {
    lines.push(parts.join(' '));
  });
  try {
    await program.parseAsync(['node', 'launchlens', ...args]);
  } finally {
    log.mockRestore();
  }
  return lines.join('\n');
}

describe('launchlens model fit', () => {
  it('writes a valid model.json trained on every settled, unskipped token', async () => {
    const out = await run('model', 'fit', '--dataset', dataset, '--train-window-days', 'all');
    const model = RiskModel.parse(JSON.parse(readFileSync(join(dataset, 'model.json'), 'utf8')));
    const store = await openDataset(dataset);
    try {
      const [{ n }] = await store.all<{ n: number }>(
        'SELECT count(*)::BIGINT AS n FROM tokens t JOIN outcomes o USING (mint) WHERE NOT t.skipped',
      );
      expect(model.training.n).toBe(n);
      expect(model.training.cutoff).toBe(store.manifest.current_through);
    } finally {
      await store.close();
    }
    expect(out).toContain(`model ${model.version} written to`);
  });
});

describe('launchlens backtest', () => {
  it('writes the markdown report, both plots and a summary with the oracle AUC', async () => {
    const reports = join(root, 'reports');
    const from = new Date(historyFrom + 2 * DAY).toISOString();
    const out = await run(
      'backtest',
      '--dataset',
      dataset,
      '--from',
      from,
      '--retrain',
      'weekly',
      '--out',
      reports,
      '--json',
    );
    const summary = JSON.parse(out) as BacktestSummary;
    expect(summary.overall.n).toBeGreaterThan(100);
    expect(summary.oracle_auc).toBeGreaterThan(0.5);
    expect(summary.overall.auc).toBeGreaterThan(0.5);
    for (const b of summary.last_month.bands) {
      if (b.n === 0) continue;
      const { lo_pct, hi_pct } = b.published_interval_95!;
      expect(lo_pct).toBeLessThan(b.published_pct!);
      expect(hi_pct).toBeGreaterThan(b.published_pct!);
      expect(b.covered).toBe(b.measured_pct! >= lo_pct && b.measured_pct! <= hi_pct);
    }
    for (const f of ['backtest.md', 'reliability.svg', 'score-distribution.svg', 'summary.json']) {
      expect(existsSync(join(reports, f)), f).toBe(true);
    }
    expect(readFileSync(join(reports, 'backtest.md'), 'utf8')).toContain(
      `| settled predictions | ${summary.overall.n} `,
    );
  });

  it('judges the last-month check over redrawn worlds with --redraw, and refuses a bad count', async () => {
    const reports = join(root, 'reports-redraw');
    const from = new Date(historyFrom + 2 * DAY).toISOString();
    const args = ['backtest', '--dataset', dataset, '--from', from, '--retrain', 'weekly', '--out', reports];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    let out: string;
    try {
      out = await run(...args, '--redraw', '3', '--json');
    } finally {
      write.mockRestore();
    }
    const { redraws } = JSON.parse(out) as { redraws: RedrawSummary };
    expect(redraws.draws).toBe(3);
    expect(redraws.bands).toHaveLength(4);
    for (const b of redraws.bands) {
      expect([0, 100 / 3, 200 / 3, 100]).toContain(b.inside_pct);
      expect([0, 100 / 3, 200 / 3, 100]).toContain(b.covered_pct);
    }
    expect(JSON.parse(readFileSync(join(reports, 'redraws.json'), 'utf8'))).toEqual(redraws);
    await expect(run(...args, '--redraw', '2.5')).rejects.toThrow(
      '--redraw must be a whole number ≥ 0, got 2.5',
    );
  });

  it('refuses an unknown retraining period', async () => {
    await expect(run('backtest', '--dataset', dataset, '--retrain', 'daily')).rejects.toThrow(
      '--retrain must be monthly or weekly, got daily',
    );
  });
});

describe('launchlens calibrate-external', () => {
  const csv = join(SHARED_DIR, 'fixtures', 'memetrans', 'lightgbm.csv');

  it('fits bands on one half of the MemeTrans predictions and measures on the other', async () => {
    const r = JSON.parse(await run('calibrate-external', csv, '--json')) as ExternalCalibration;
    expect(r.fit_n + r.measure_n).toBe(6491);
    expect(r.bands.reduce((a, b) => a + b.n, 0)).toBe(r.measure_n);
    expect(r.ece_after).toBeLessThan(r.ece_before);
  });

  it('names the line of a malformed row', async () => {
    const bad = join(root, 'bad.csv');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(bad, 'mint,label,prob\nA,0,0.5\nB,2,0.5\n');
    await expect(run('calibrate-external', bad)).rejects.toThrow(/bad\.csv line 3: expected label 0\/1/);
  });
});
