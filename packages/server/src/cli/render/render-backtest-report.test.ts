import { summarizeBacktest, walkForward } from '@launchlens/engine';
import { buildRiskFrame } from '@launchlens/engine/internal';
import { sampleFeatureInputs } from '@launchlens/engine/testing';
import { describe, expect, it } from 'vitest';
import { reliabilitySvg } from './reliability-svg.js';
import { renderBacktestMarkdown } from './render-backtest-markdown.js';
import { scoreHistogramSvg } from './score-histogram-svg.js';

describe('backtest report', () => {
  const launches = sampleFeatureInputs(3000, 8, Date.UTC(2025, 0, 1), 2_600_000);
  const frame = buildRiskFrame(
    launches.map((l) => l.inputs),
    launches.map((l) => l.outcome),
  );
  const result = walkForward(frame, {
    from: Date.UTC(2025, 1, 1),
    to: Date.UTC(2025, 2, 15),
    retrain: 'monthly',
  });
  const summary = summarizeBacktest(result, Date.UTC(2025, 2, 16));

  it('draws one reliability point per non-empty bin and the diagonal', () => {
    const svg = reliabilitySvg(summary.overall.reliability, 'R & D <test>');
    expect(svg.match(/<circle /g)).toHaveLength(summary.overall.reliability.length);
    expect(svg).toContain('R &amp; D &lt;test>');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
  });

  it('stacks rugged over not rugged in 20 score bins and marks the cut points', () => {
    const svg = scoreHistogramSvg([3, 3, 97, 50], [true, false, true, false], [40, 60, 80], 'scores');
    expect(svg.match(/<\/rect>/g)).toHaveLength(40);
    expect(svg).toContain('<title>0–5: 1 rugged</title>');
    expect(svg).toContain('<title>95–100: 1 rugged</title>');
    expect(svg.match(/stroke-dasharray="3 3"/g)).toHaveLength(3);
  });

  it('writes the measured figures and every period into the markdown', () => {
    const md = renderBacktestMarkdown(
      summary,
      result.periods,
      { reliability: 'r.svg', histogram: 'h.svg' },
      'datasets/x',
    );
    expect(md).toContain(`| settled predictions | ${summary.overall.n} `);
    expect(md).toContain(`| AUC (score; ties ½) | ${summary.overall.auc!.toFixed(3)} |`);
    expect(md).toContain('![reliability diagram](r.svg)');
    const elevated = summary.last_month.bands.find((b) => b.band === 'elevated')!;
    expect(md).toContain(`| elevated | ${elevated.n} | ${elevated.measured_pct!.toFixed(1)} % |`);
    expect(md).toContain(
      `| ${elevated.published_interval_95!.lo_pct.toFixed(1)} % – ${elevated.published_interval_95!.hi_pct.toFixed(1)} % | ${elevated.covered ? 'yes' : 'no'} |`,
    );
    for (const p of result.periods) expect(md).toContain(p.model.version);
  });
});
