/**
 * Backtest of a simple trading rule with the engine, as a plain script (the same as
 * notebooks/05-backtest-exit-rule.ipynb):
 *
 *   pnpm tsx examples/backtest.ts [--dataset DIR] [--json]
 *
 * Rule: at each launch's analysis (migration) buy it when the walk-forward model in force then
 * rates it `low` risk; sell at 2x the entry quote (a resting limit order) or at the last price
 * 6 hours after entry. Assumptions: 1 % fee and 2 % slippage on each side, equal stakes, only
 * launches with full-resolution price ticks (the last days of a dataset); a trade whose 6 hours
 * run past the end of the record is left out.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  type ExitRule,
  loadRiskFrame,
  quantileSorted,
  RISK_BANDS,
  simulateExitRule,
  walkForward,
} from '@launchlens/engine';
import { openDataset } from '@launchlens/engine/store';

const RULE: ExitRule = { take_profit_multiple: 2, max_hold_s: 6 * 3600, fee_pct: 1, slippage_pct: 2 };
const DAY_MS = 86_400_000;

const { values } = parseArgs({
  options: { dataset: { type: 'string' }, json: { type: 'boolean', default: false } },
});
const datasets = resolve(import.meta.dirname, '..', 'datasets');
const dir = resolve(
  values.dataset ??
    process.env.DATASET_DIR ??
    (existsSync(join(datasets, 'default', 'manifest.json'))
      ? join(datasets, 'default')
      : join(datasets, 'test-small')),
);

interface Closed {
  readonly verdict: string;
  readonly exit_reason: 'take_profit' | 'max_hold';
  readonly net_return_pct: number;
}

const store = await openDataset(dir);
try {
  const through = Date.parse(store.manifest.current_through);
  const ticksFrom = Date.parse(store.manifest.ticks_retention.full_resolution_from);
  const frame = await loadRiskFrame(store);
  if (frame.n === 0) throw new Error(`${dir} has no analysed launches`);
  // the first model needs about two days of settled history before the replay starts
  const from = Math.max(ticksFrom, Math.ceil((frame.analyzedAt[0] + 3 * DAY_MS) / DAY_MS) * DAY_MS);
  if (from >= through - RULE.max_hold_s * 1000) {
    throw new Error(
      `${dir} is too short to replay (history from ${new Date(frame.analyzedAt[0]).toISOString()}, ticks from ` +
        `${store.manifest.ticks_retention.full_resolution_from}); use ≥ 5 days: ` +
        'pnpm launchlens dataset build --launches 1000 --out datasets/dev',
    );
  }
  const { predictions } = walkForward(frame, { from, to: through, retrain: 'weekly' });
  const verdictOf = new Map(predictions.map((p) => [p.mint, p.verdict]));
  const launches = await store.all<{ mint: string; analyzed_at: number; price_usd: number }>(
    `SELECT mint, analyzed_at, price_at_analysis_usd AS price_usd FROM tokens
     WHERE analyzed_at >= $from AND price_at_analysis_usd > 0`,
    { from },
  );
  const ticks = await store.all<{ mint: string; at: number; price_usd: number }>(
    'SELECT mint, "at", price_usd FROM ticks WHERE mint = ANY($mints) ORDER BY mint, "at"',
    { mints: launches.map((l) => l.mint) },
  );
  const pathOf = new Map<string, (typeof ticks)[number][]>();
  for (const t of ticks) {
    const path = pathOf.get(t.mint);
    if (path) path.push(t);
    else pathOf.set(t.mint, [t]);
  }
  const closed: Closed[] = [];
  let open = 0;
  for (const l of launches) {
    const trade = simulateExitRule(
      { at: l.analyzed_at, price_usd: l.price_usd },
      pathOf.get(l.mint) ?? [],
      RULE,
      through,
    );
    if (trade.kind === 'open') open++;
    else closed.push({ verdict: verdictOf.get(l.mint) ?? 'unknown', ...trade });
  }
  const rows = [
    ...RISK_BANDS.map((band) =>
      summarize(
        band === 'low' ? 'low (the rule)' : band,
        closed.filter((t) => t.verdict === band),
      ),
    ),
    summarize('all launches', closed),
  ];
  if (values.json) {
    console.log(
      JSON.stringify({ dataset: dir, rule: RULE, from: new Date(from).toISOString(), open, rows }, null, 2),
    );
  } else {
    console.log(`dataset ${dir}`);
    console.log(
      `launches analysed ${new Date(from).toISOString()} → ${store.manifest.current_through}: ` +
        `${closed.length} trades closed, ${open} still open at the end of the record`,
    );
    console.log(
      `rule: buy at analysis, sell at ${RULE.take_profit_multiple}x or after ${RULE.max_hold_s / 3600} h; ` +
        `fee ${RULE.fee_pct} % and slippage ${RULE.slippage_pct} % on each side`,
    );
    console.log('');
    printTable(rows);
  }
} finally {
  await store.close();
}

function summarize(label: string, trades: readonly Closed[]) {
  const net = trades.map((t) => t.net_return_pct).sort((a, b) => a - b);
  const share = (n: number) => (trades.length === 0 ? null : (100 * n) / trades.length);
  return {
    launches: label,
    trades: trades.length,
    take_profit_pct: share(trades.filter((t) => t.exit_reason === 'take_profit').length),
    win_rate_pct: share(net.filter((x) => x > 0).length),
    mean_net_pct: trades.length === 0 ? null : net.reduce((a, x) => a + x, 0) / trades.length,
    median_net_pct: quantileSorted(net, 0.5),
    p10_net_pct: quantileSorted(net, 0.1),
    p90_net_pct: quantileSorted(net, 0.9),
  };
}

function printTable(rows: readonly ReturnType<typeof summarize>[]): void {
  const columns = Object.keys(rows[0]) as (keyof (typeof rows)[number])[];
  const cell = (v: string | number | null) =>
    v === null ? '—' : typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(1)) : v;
  const cells = rows.map((r) => columns.map((c) => cell(r[c])));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i].length)));
  const line = (r: readonly string[]) =>
    r.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ');
  console.log(line(columns));
  for (const r of cells) console.log(line(r));
}
