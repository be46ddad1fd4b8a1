import type { KolStatsQuery, KolStatsRow } from './build-kol-stats-sql.js';
import type { KolLedger } from './kol-ledger.js';

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

/**
 * `buildKolStatsSql` computed over a ledger held in memory, with the same rows in the same order:
 * trades at or before `asOf` summed per KOL and token, then per KOL (a token is won when its net
 * is positive, judged only once its outcome settled by `asOf`); the recent window is `days` back.
 */
export function computeKolStats(ledger: KolLedger, query: KolStatsQuery, asOf: number): KolStatsRow[] {
  const from = asOf - query.days * 86_400_000;
  const rows: KolStatsRow[] = [];
  for (const k of ledger.kols) {
    if (query.wallet !== undefined && k.wallet !== query.wallet) continue;
    const life = newAcc();
    const recent = newAcc();
    let tokens = 0;
    let won = 0;
    let judged = 0;
    let recentTokens = 0;
    for (const token of ledger.trades.get(k.wallet) ?? []) {
      const all = newAcc();
      const window = newAcc();
      for (let i = 0; i < token.at.length; i++) {
        const at = token.at[i];
        if (at > asOf) continue;
        add(all, token.sol[i], token.realized_sol[i], at);
        if (at > from) add(window, token.sol[i], token.realized_sol[i], at);
      }
      if (all.trades === 0) continue;
      tokens++;
      life.trades += all.trades;
      life.volume_sol += all.volume_sol;
      life.net += all.net;
      life.first = life.first === null || (all.first as number) < life.first ? all.first : life.first;
      life.last = life.last === null || (all.last as number) > life.last ? all.last : life.last;
      const settledAt = ledger.settled_at.get(token.mint);
      if (settledAt !== undefined && settledAt <= asOf) {
        judged++;
        if (all.net > 0) won++;
      }
      if (window.trades > 0) {
        recentTokens++;
        recent.trades += window.trades;
        recent.volume_sol += window.volume_sol;
        recent.net += window.net;
        recent.last =
          recent.last === null || (window.last as number) > recent.last ? window.last : recent.last;
      }
    }
    rows.push({
      wallet: k.wallet,
      name: k.name,
      handle: k.handle,
      verified: k.verified,
      followers: k.followers,
      trades: life.trades,
      volume_sol: life.volume_sol,
      realized_sol: life.net,
      tokens,
      tokens_won: won,
      tokens_settled: judged,
      first_trade_at: life.first,
      last_trade_at: life.last,
      recent_trades: recent.trades,
      recent_volume_sol: recent.volume_sol,
      recent_realized_sol: recent.net,
      recent_tokens: recentTokens,
      recent_last_trade_at: recent.last,
    });
  }
  rows.sort((a, b) => ORDER[query.sort](a, b) || cmpText(a.wallet, b.wallet));
  return query.limit === null ? rows : rows.slice(0, query.limit);
}
