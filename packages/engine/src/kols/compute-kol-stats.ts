import type { KolStatsQuery, KolStatsRow } from './build-kol-stats-sql.js';
import type { KolLedger, KolTokenTrades } from './kol-ledger.js';

interface Acc {
  trades: number;
  volume_sol: number;
  net: number;
  first: number | null;
  last: number | null;
}

const newAcc = (): Acc => ({ trades: 0, volume_sol: 0, net: 0, first: null, last: null });

function add(a: Acc, sol: number, realized: number, at: number): void {
  a.trades++;
  a.volume_sol += sol;
  a.net += realized;
  a.first = a.first === null || at < a.first ? at : a.first;
  a.last = a.last === null || at > a.last ? at : a.last;
}

const desc = (a: number, b: number) => (a > b ? -1 : a < b ? 1 : 0);
const cmpText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const ORDER: Record<KolStatsQuery['sort'], (a: KolStatsRow, b: KolStatsRow) => number> = {
  profit: (a, b) =>
    desc(a.recent_realized_sol, b.recent_realized_sol) || desc(a.realized_sol, b.realized_sol),
  success: (a, b) => {
    const wa = a.tokens_settled > 0 ? a.tokens_won / a.tokens_settled : null;
    const wb = b.tokens_settled > 0 ? b.tokens_won / b.tokens_settled : null;
    const byRate = wa === null || wb === null ? (wa === wb ? 0 : wa === null ? 1 : -1) : desc(wa, wb);
    return byRate || desc(a.tokens_settled, b.tokens_settled) || desc(a.realized_sol, b.realized_sol);
  },
  activity: (a, b) =>
    desc(a.recent_trades, b.recent_trades) || desc(a.recent_volume_sol, b.recent_volume_sol),
};

/** A KOL's totals over its trades by some moment: lifetime, and the recent window. */
interface KolTotals {
  readonly life: Acc;
  readonly tokens: number;
  readonly won: number;
  readonly judged: number;
  readonly recent: Acc;
  readonly recentTokens: number;
}

/** Adds the trades of one token after `from` to the recent totals; false when it had none. */
function addWindow(recent: Acc, token: KolTokenTrades, from: number, asOf: number): boolean {
  const window = newAcc();
  for (let i = 0; i < token.at.length; i++) {
    const at = token.at[i];
    if (at <= asOf && at > from) add(window, token.sol[i], token.realized_sol[i], at);
  }
  if (window.trades === 0) return false;
  recent.trades += window.trades;
  recent.volume_sol += window.volume_sol;
  recent.net += window.net;
  recent.last = recent.last === null || (window.last as number) > recent.last ? window.last : recent.last;
  return true;
}

/** A KOL's totals by `asOf` from every one of its trades (a token is judged once settled by `asOf`). */
function scanTotals(
  tokens: readonly KolTokenTrades[],
  settledAt: ReadonlyMap<string, number>,
  asOf: number,
  from: number,
): KolTotals {
  const life = newAcc();
  const recent = newAcc();
  let count = 0;
  let won = 0;
  let judged = 0;
  let recentTokens = 0;
  for (const token of tokens) {
    const all = newAcc();
    for (let i = 0; i < token.at.length; i++) {
      const at = token.at[i];
      if (at <= asOf) add(all, token.sol[i], token.realized_sol[i], at);
    }
    if (all.trades === 0) continue;
    count++;
    life.trades += all.trades;
    life.volume_sol += all.volume_sol;
    life.net += all.net;
    life.first = life.first === null || (all.first as number) < life.first ? all.first : life.first;
    life.last = life.last === null || (all.last as number) > life.last ? all.last : life.last;
    const settled = settledAt.get(token.mint);
    if (settled !== undefined && settled <= asOf) {
      judged++;
      if (all.net > 0) won++;
    }
    if (addWindow(recent, token, from, asOf)) recentTokens++;
  }
  return { life, tokens: count, won, judged, recent, recentTokens };
}

/**
 * Per KOL, its lifetime totals over the whole ledger and its tokens by last trade, newest first:
 * the same for every `asOf` at or after `through` (the last trade or settlement of the ledger),
 * so a leaderboard asked then (the live case) sums only the recent window's tokens instead of
 * every trade (≈ 130 ms a call over 256k trades at 240k launches).
 */
interface LedgerSummary {
  readonly settledAt: ReadonlyMap<string, number>;
  readonly through: number;
  readonly byKol: ReadonlyMap<string, { totals: KolTotals; byLast: readonly KolTokenTrades[] }>;
}

const summaries = new WeakMap<KolLedger['trades'], LedgerSummary>();
function lastOf(token: KolTokenTrades): number {
  let last = Number.NEGATIVE_INFINITY;
  for (const at of token.at) if (at > last) last = at;
  return last;
}

function summaryOf(ledger: KolLedger): LedgerSummary {
  const kept = summaries.get(ledger.trades);
  if (kept !== undefined && kept.settledAt === ledger.settled_at) return kept;
  let through = Number.NEGATIVE_INFINITY;
  const byKol = new Map<string, { totals: KolTotals; byLast: readonly KolTokenTrades[] }>();
  for (const [wallet, tokens] of ledger.trades) {
    for (const token of tokens) {
      through = Math.max(through, lastOf(token), ledger.settled_at.get(token.mint) ?? through);
    }
    const byLast = [...tokens].sort((a, b) => lastOf(b) - lastOf(a));
    byKol.set(wallet, {
      totals: scanTotals(tokens, ledger.settled_at, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY),
      byLast,
    });
  }
  const summary = { settledAt: ledger.settled_at, through, byKol };
  summaries.set(ledger.trades, summary);
  return summary;
}

/** A KOL's totals from the ledger summary (`asOf` at or after its `through`): only recent tokens are read. */
function summaryTotals(summary: LedgerSummary, wallet: string, from: number, asOf: number): KolTotals {
  const kept = summary.byKol.get(wallet);
  if (kept === undefined) return scanTotals([], summary.settledAt, asOf, from);
  const recent = newAcc();
  let recentTokens = 0;
  for (const token of kept.byLast) {
    if (lastOf(token) <= from) break;
    if (addWindow(recent, token, from, asOf)) recentTokens++;
  }
  return { ...kept.totals, recent, recentTokens };
}

/**
 * `buildKolStatsSql` computed over a ledger held in memory, with the same rows in the same order:
 * trades at or before `asOf` summed per KOL and token, then per KOL (a token is won when its net
 * is positive, judged only once its outcome settled by `asOf`); the recent window is `days` back.
 * From the ledger's last trade or settlement on, lifetime totals come from `summaryOf`.
 */
export function computeKolStats(ledger: KolLedger, query: KolStatsQuery, asOf: number): KolStatsRow[] {
  const from = asOf - query.days * 86_400_000;
  const summary = summaryOf(ledger);
  const whole = asOf >= summary.through;
  const rows: KolStatsRow[] = [];
  for (const k of ledger.kols) {
    if (query.wallet !== undefined && k.wallet !== query.wallet) continue;
    const t = whole
      ? summaryTotals(summary, k.wallet, from, asOf)
      : scanTotals(ledger.trades.get(k.wallet) ?? [], ledger.settled_at, asOf, from);
    rows.push({
      wallet: k.wallet,
      name: k.name,
      handle: k.handle,
      verified: k.verified,
      followers: k.followers,
      trades: t.life.trades,
      volume_sol: t.life.volume_sol,
      realized_sol: t.life.net,
      tokens: t.tokens,
      tokens_won: t.won,
      tokens_settled: t.judged,
      first_trade_at: t.life.first,
      last_trade_at: t.life.last,
      recent_trades: t.recent.trades,
      recent_volume_sol: t.recent.volume_sol,
      recent_realized_sol: t.recent.net,
      recent_tokens: t.recentTokens,
      recent_last_trade_at: t.recent.last,
    });
  }
  rows.sort((a, b) => ORDER[query.sort](a, b) || cmpText(a.wallet, b.wallet));
  return query.limit === null ? rows : rows.slice(0, query.limit);
}
