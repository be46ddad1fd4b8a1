import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fitRiskModel, loadRiskFrame, summarizeBacktest, walkForward } from '@launchlens/engine';
import {
  calibrateExternal,
  DEFAULT_CALIBRATION_HALF_LIFE_DAYS,
  DEFAULT_CALIBRATION_WINDOW_DAYS,
  DEFAULT_TRAIN_WINDOW_DAYS,
  periodStarts,
  type RedrawSummary,
  type RetrainEvery,
  redrawBacktest,
} from '@launchlens/engine/internal';
import { openDataset } from '@launchlens/engine/store';
import { REPO_ROOT } from '@launchlens/indexer';
import type { Command } from 'commander';
import { datasetOption, isoMoment, positiveNumber, wholeNumber } from './options.js';
import { reliabilitySvg } from './render/reliability-svg.js';
import { renderBacktestMarkdown } from './render/render-backtest-markdown.js';
import { scoreHistogramSvg } from './render/score-histogram-svg.js';

const DAY_MS = 86_400_000;

// commander turns a parser's null into '', so "all" parses to Infinity and becomes null at the call
const windowDays = (v: string): number =>
  v === 'all' ? Number.POSITIVE_INFINITY : positiveNumber('--train-window-days')(v);
const trainWindow = (days: number): number | null => (Number.isFinite(days) ? days : null);
const halfLife = (v: string): number =>
  v === 'none' ? Number.POSITIVE_INFINITY : positiveNumber('--calibration-half-life-days')(v);
const halfLifeOf = (days: number): number | null => (Number.isFinite(days) ? days : null);
const retrainEvery = (v: string): RetrainEvery => {
  if (v !== 'monthly' && v !== 'weekly') throw new Error(`--retrain must be monthly or weekly, got ${v}`);
  return v;
};
const pct = (v: number | null) => (v === null ? '     —' : `${v.toFixed(1).padStart(5)}%`);
const yesNo = (v: boolean | null) => (v === null ? '—' : v ? 'yes' : 'no');

/** The training and calibration windows `model fit` and `backtest` share. */
function withModelWindows(command: Command, trainedBefore: string): Command {
  return command
    .option(
      '--train-window-days <n|all>',
      `train on tokens analysed this many days ${trainedBefore}`,
      windowDays,
      DEFAULT_TRAIN_WINDOW_DAYS,
    )
    .option(
      '--calibration-window-days <n>',
      'trailing window of the band calibration',
      positiveNumber('--calibration-window-days'),
      DEFAULT_CALIBRATION_WINDOW_DAYS,
    )
    .option(
      '--calibration-half-life-days <n|none>',
      'half-life of the band-rate trend the calibration publishes; none = the plain window rate',
      halfLife,
      DEFAULT_CALIBRATION_HALF_LIFE_DAYS,
    );
}

/** `launchlens model fit`, `launchlens backtest` and `launchlens calibrate-external`. */
export function registerRiskCommands(program: Command): void {
  const model = program.command('model').description('the rug-risk scoring model');

  const fit = model
    .command('fit')
    .description('fit the risk model on settled outcomes and write model.json into the dataset folder')
    .addOption(datasetOption())
    .option(
      '--cutoff <iso>',
      'train on outcomes settled by then (default: the dataset current_through)',
      isoMoment('--cutoff'),
    );
  withModelWindows(fit, 'before the cutoff')
    .option('--l2 <lambda>', 'L2 penalty on standardised weights', positiveNumber('--l2'), 1)
    .action(
      async (opts: {
        dataset: string;
        cutoff?: number;
        trainWindowDays: number;
        calibrationWindowDays: number;
        calibrationHalfLifeDays: number;
        l2: number;
      }) => {
        const dir = resolve(opts.dataset);
        const store = await openDataset(dir);
        try {
          const started = performance.now();
          const frame = await loadRiskFrame(store);
          const loaded = performance.now();
          const fitted = fitRiskModel(frame, {
            cutoff: opts.cutoff ?? Date.parse(store.manifest.current_through),
            trainWindowDays: trainWindow(opts.trainWindowDays),
            calibrationWindowDays: Math.round(opts.calibrationWindowDays),
            calibrationHalfLifeDays: halfLifeOf(opts.calibrationHalfLifeDays),
            l2: opts.l2,
          });
          const done = performance.now();
          await writeFile(join(dir, 'model.json'), `${JSON.stringify(fitted, null, 2)}\n`);
          console.log(`model ${fitted.version} written to ${join(dir, 'model.json')}`);
          console.log(
            `  ${fitted.training.n} settled tokens (${fitted.training.rugged} rugged), ${fitted.features.length} features, ` +
              `${fitted.metrics.iterations} Newton steps`,
          );
          console.log(
            `  train AUC ${fitted.metrics.train_auc.toFixed(3)}, Brier ${fitted.metrics.train_brier.toFixed(4)}, ` +
              `cuts elevated ${fitted.bands.cuts.elevated} / critical ${fitted.bands.cuts.critical} / extreme ${fitted.bands.cuts.extreme}`,
          );
          console.log(
            `  features loaded in ${((loaded - started) / 1000).toFixed(2)} s, fitted in ${((done - loaded) / 1000).toFixed(2)} s`,
          );
        } finally {
          await store.close();
        }
      },
    );

  const backtest = program
    .command('backtest')
    .description(
      'walk-forward backtest: refit on what had settled, score the next period, report under reports/',
    )
    .addOption(datasetOption())
    .option(
      '--from <iso>',
      'first moment scored (default: the first month start ≥ 30 days into the history)',
      isoMoment('--from'),
    )
    .option('--to <iso>', 'end of scoring (default: the dataset current_through)', isoMoment('--to'))
    .option('--retrain <every>', 'monthly or weekly', retrainEvery, 'monthly' as RetrainEvery);
  withModelWindows(backtest, 'before each refit')
    .option('--out <dir>', 'report folder', join(REPO_ROOT, 'reports', 'backtest'))
    .option(
      '--redraw <n>',
      "also judge the last-month band check over n worlds redrawn from the simulator's truth (redraws.json)",
      wholeNumber('--redraw'),
      0,
    )
    .option('--json', 'print the summary as JSON')
    .action(
      async (opts: {
        dataset: string;
        from?: number;
        to?: number;
        retrain: RetrainEvery;
        trainWindowDays: number;
        calibrationWindowDays: number;
        calibrationHalfLifeDays: number;
        out: string;
        redraw: number;
        json?: boolean;
      }) => {
        const dir = resolve(opts.dataset);
        const store = await openDataset(dir, { includeOracle: true });
        try {
          const frame = await loadRiskFrame(store);
          if (frame.n === 0) throw new Error(`${dir} has no analysed tokens`);
          const oracleRows =
            store.manifest.source === 'sim'
              ? await store.all<{ mint: string; rug_probability: number }>(
                  'SELECT mint, rug_probability FROM oracle',
                )
              : [];
          const oracle =
            oracleRows.length > 0 ? new Map(oracleRows.map((r) => [r.mint, r.rug_probability])) : undefined;
          const currentThrough = Date.parse(store.manifest.current_through);
          const to = opts.to ?? currentThrough;
          const first = new Date(frame.analyzedAt[0] + 30 * DAY_MS);
          const from = opts.from ?? Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 1);
          if (periodStarts(from, to, opts.retrain).length === 0)
            throw new Error('--from must be before --to');
          const started = performance.now();
          const options = {
            from,
            to,
            retrain: opts.retrain,
            fit: {
              trainWindowDays: trainWindow(opts.trainWindowDays),
              calibrationWindowDays: Math.round(opts.calibrationWindowDays),
              calibrationHalfLifeDays: halfLifeOf(opts.calibrationHalfLifeDays),
            },
          };
          const result = walkForward(frame, options);
          const seconds = (performance.now() - started) / 1000;
          const asOf = Math.min(currentThrough, to + DAY_MS);
          const summary = summarizeBacktest(result, asOf, oracle);
          let redraws: RedrawSummary | null = null;
          if (opts.redraw > 0) {
            if (!oracle) throw new Error('--redraw needs a simulated dataset with its oracle');
            const truth = Float64Array.from(frame.mints, (m) => oracle.get(m) ?? Number.NaN);
            const models = result.periods.map((p) => p.model);
            redraws = redrawBacktest(frame, truth, {
              ...options,
              models,
              asOf,
              draws: opts.redraw,
              seed: 1,
              onDraw: (k) =>
                process.stderr.write(`\r  redraw ${k}/${opts.redraw}${k === opts.redraw ? '\n' : ''}`),
            });
          }
          const out = resolve(opts.out);
          await mkdir(out, { recursive: true });
          const files = { reliability: 'reliability.svg', histogram: 'score-distribution.svg' };
          const scored = result.predictions.filter((p) => p.score !== null && p.rugged !== null);
          const last = result.periods[result.periods.length - 1].model.bands.cuts;
          await writeFile(
            join(out, files.reliability),
            reliabilitySvg(summary.overall.reliability, 'Reliability, walk-forward'),
          );
          await writeFile(
            join(out, files.histogram),
            scoreHistogramSvg(
              scored.map((p) => p.score!),
              scored.map((p) => p.rugged!),
              [last.elevated, last.critical, last.extreme],
              'Score distribution, walk-forward (settled tokens)',
            ),
          );
          await writeFile(
            join(out, 'backtest.md'),
            renderBacktestMarkdown(
              summary,
              result.periods,
              files,
              dir.startsWith(REPO_ROOT) ? relative(REPO_ROOT, dir) : dir,
            ),
          );
          await writeFile(join(out, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
          if (redraws) await writeFile(join(out, 'redraws.json'), `${JSON.stringify(redraws, null, 2)}\n`);
          if (opts.json) {
            console.log(JSON.stringify(redraws ? { ...summary, redraws } : summary, null, 2));
            return;
          }
          const o = summary.overall;
          console.log(
            `walk-forward ${summary.from} → ${summary.to}, ${summary.periods} periods, ${seconds.toFixed(1)} s`,
          );
          console.log(`  ${o.n} settled predictions, base rate ${pct(o.base_rate_pct)}`);
          console.log(
            `  AUC ${o.auc?.toFixed(4)}  oracle AUC ${summary.oracle_auc?.toFixed(4) ?? '—'}  ratio ${summary.auc_vs_oracle?.toFixed(4) ?? '—'}`,
          );
          console.log(`  ECE ${o.ece?.toFixed(4)}  Brier ${o.brier?.toFixed(4)}`);
          console.log(
            '  last month   n   measured   Wilson 95 %       published  inside   published 95 %    covered',
          );
          for (const b of summary.last_month.bands) {
            const pi = b.published_interval_95;
            console.log(
              `  ${b.band.padEnd(9)} ${String(b.n).padStart(5)}  ${pct(b.measured_pct)}   ${pct(b.interval_95.lo_pct)} – ${pct(b.interval_95.hi_pct)}   ${pct(b.published_pct)}   ${yesNo(b.inside).padEnd(6)} ${pi ? `${pct(pi.lo_pct)} – ${pct(pi.hi_pct)}` : '—'}   ${yesNo(b.covered)}`,
            );
          }
          if (redraws) {
            console.log(
              `  redrawn worlds (${redraws.draws}): all bands inside in ${redraws.all_bands_inside_pct.toFixed(1)} %, all covered in ${redraws.all_bands_covered_pct.toFixed(1)} %`,
            );
            for (const b of redraws.bands)
              console.log(
                `  ${b.band.padEnd(9)} inside ${b.inside_pct.toFixed(1).padStart(5)} %   covered ${b.covered_pct.toFixed(1).padStart(5)} %   published − measured ${b.published_minus_measured_pts?.toFixed(2) ?? '—'} pts`,
              );
          }
          console.log(`  report: ${join(out, 'backtest.md')}`);
        } finally {
          await store.close();
        }
      },
    );

  program
    .command('calibrate-external')
    .description(
      "apply the engine's band calibration to MemeTrans predictions (mint,label,prob; label 0 = high risk)",
    )
    .argument('<csv>', 'predictions file')
    .option(
      '--fit-share <share>',
      'share of rows (in file order) used to fit the bands',
      positiveNumber('--fit-share'),
      0.5,
    )
    .option('--json', 'print JSON')
    .action(async (csv: string, opts: { fitShare: number; json?: boolean }) => {
      const lines = (await readFile(resolve(csv), 'utf8')).split(/\r?\n/).filter((l) => l.trim() !== '');
      const header = lines[0].split(',');
      const labelAt = header.indexOf('label');
      const probAt = header.indexOf('prob');
      if (labelAt < 0 || probAt < 0)
        throw new Error(`${csv}: expected columns label and prob, got ${lines[0]}`);
      const rows = lines.slice(1).map((line, i) => {
        const cells = line.split(',');
        const prob = Number(cells[probAt]);
        const label = cells[labelAt];
        if (!(prob >= 0 && prob <= 1) || (label !== '0' && label !== '1')) {
          throw new Error(`${csv} line ${i + 2}: expected label 0/1 and prob in [0, 1], got ${line}`);
        }
        // MemeTrans: label 0 = high risk, prob = P(not high risk)
        return { risk_probability: 1 - prob, high_risk: label === '0' };
      });
      const r = calibrateExternal(rows, { fitShare: opts.fitShare });
      if (opts.json) {
        console.log(JSON.stringify(r, null, 2));
        return;
      }
      console.log(
        `${rows.length} predictions: bands fitted on the first ${r.fit_n}, measured on the other ${r.measure_n}`,
      );
      console.log(
        `  cut points: elevated ${r.cuts.elevated}, critical ${r.cuts.critical}, extreme ${r.cuts.extreme}`,
      );
      console.log(`  ECE   before ${r.ece_before.toFixed(4)}  after ${r.ece_after.toFixed(4)}`);
      console.log(`  Brier before ${r.brier_before.toFixed(4)}  after ${r.brier_after.toFixed(4)}`);
      console.log('  band          n   before    after  measured  Wilson 95 %');
      for (const b of r.bands) {
        console.log(
          `  ${b.band.padEnd(9)} ${String(b.n).padStart(5)}  ${pct(b.before_pct)}  ${pct(b.after_pct)}  ${pct(b.measured_pct)}   ${pct(b.interval_95.lo_pct)} – ${pct(b.interval_95.hi_pct)}`,
        );
      }
    });
}
