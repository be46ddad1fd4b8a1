import type { BacktestSummary, WalkForwardPeriod } from '@launchlens/engine/internal';

export interface BacktestReportFiles {
  readonly reliability: string;
  readonly histogram: string;
}

const f = (v: number | null, digits = 3) => (v === null ? '—' : v.toFixed(digits));
const pct = (v: number | null) => (v === null ? '—' : `${v.toFixed(1)} %`);
const yesNo = (v: boolean | null) => (v === null ? '—' : v ? 'yes' : 'no');

/** The walk-forward report as Markdown, linking the two SVG plots by file name. */
export function renderBacktestMarkdown(
  summary: BacktestSummary,
  periods: readonly WalkForwardPeriod[],
  files: BacktestReportFiles,
  dataset: string,
): string {
  const o = summary.overall;
  const lines = [
    '# Walk-forward backtest',
    '',
    `Dataset \`${dataset}\`; scored ${summary.from} → ${summary.to} in ${summary.periods} periods. Each period's model`,
    'was fitted only on outcomes settled before the period began; each token got the rug probability',
    "its band's trailing calibration showed at the start of its analysis day.",
    '',
    '## Out of sample',
    '',
    '| metric | value |',
    '|---|---|',
    `| settled predictions | ${o.n} (unknown verdicts left out: ${o.unknown_n}) |`,
    `| base rate | ${pct(o.base_rate_pct)} |`,
    `| AUC (score; ties ½) | ${f(o.auc)} |`,
    `| oracle AUC (true probabilities, same tokens) | ${f(summary.oracle_auc)} |`,
    `| AUC ÷ oracle AUC | ${f(summary.auc_vs_oracle)} |`,
    `| ECE (10 equal-width bins) | ${f(o.ece, 4)} |`,
    `| Brier | ${f(o.brier, 4)} |`,
    '',
    '| band | n | rugged | hit rate | Wilson 95 % | published |',
    '|---|---|---|---|---|---|',
    ...Object.entries(o.bands).map(
      ([band, b]) =>
        `| ${band} | ${b.n} | ${b.rugged} | ${pct(b.hit_rate_pct)} | ${pct(b.interval_95.lo_pct)} – ${pct(b.interval_95.hi_pct)} | ${pct(b.predicted_pct)} |`,
    ),
    '',
    `## Last month (${summary.last_month.from} → ${summary.last_month.to})`,
    '',
    "Judged both ways: the published probability inside the measured rate's Wilson interval",
    '("published inside"), and the measured rate inside the interval published with the band',
    '(mean bounds over the month, "measured covered").',
    '',
    '| band | n | measured | Wilson 95 % | published | published inside | published 95 % | measured covered |',
    '|---|---|---|---|---|---|---|---|',
    ...summary.last_month.bands.map(
      (b) =>
        `| ${b.band} | ${b.n} | ${pct(b.measured_pct)} | ${pct(b.interval_95.lo_pct)} – ${pct(b.interval_95.hi_pct)} | ${pct(b.published_pct)} | ${yesNo(b.inside)} | ${b.published_interval_95 ? `${pct(b.published_interval_95.lo_pct)} – ${pct(b.published_interval_95.hi_pct)}` : '—'} | ${yesNo(b.covered)} |`,
    ),
    '',
    '## Plots',
    '',
    `![reliability diagram](${files.reliability})`,
    '',
    `![score distribution](${files.histogram})`,
    '',
    '## Models',
    '',
    '| period | model | trained on | train AUC | cuts (elevated / critical / extreme) | scored |',
    '|---|---|---|---|---|---|',
    ...periods.map(
      (p) =>
        `| ${p.from.slice(0, 10)} → ${p.to.slice(0, 10)} | ${p.model.version} | ${p.model.training.n} | ${f(p.model.metrics.train_auc)} | ${p.model.bands.cuts.elevated} / ${p.model.bands.cuts.critical} / ${p.model.bands.cuts.extreme} | ${p.scored} |`,
    ),
    '',
  ];
  return lines.join('\n');
}
