import type { KolTradeEventData, MigrationEventData, WalletEventData } from './stream-payloads.js';

type Payload = Readonly<Record<string, unknown>>;

/** `stream/migrations` filters, as `GET /v1/discover` applies them (unscoreable tokens fail `max_rug_pct`). */
export function migrationFilter(f: {
  readonly max_rug_pct?: number;
  readonly min_mcap?: number;
  readonly platform?: 'pumpfun' | 'letsbonk';
}): (payload: Payload) => boolean {
  return (payload) => {
    const p = payload as MigrationEventData;
    if (f.platform !== undefined && p.platform !== f.platform) return false;
    if (f.min_mcap !== undefined && !(p.mcap_at_analysis !== null && p.mcap_at_analysis >= f.min_mcap))
      return false;
    if (f.max_rug_pct !== undefined) {
      const pct = p.rug_risk?.rug_probability_pct ?? null;
      if (pct === null || pct > f.max_rug_pct) return false;
    }
    return true;
  };
}

/** `stream/kols` filters: watched KOL wallets (none: every tracked KOL), minimum SOL, side. */
export function kolTradeFilter(f: {
  readonly watch?: readonly string[];
  readonly min_sol?: number;
  readonly side?: 'buy' | 'sell';
}): (payload: Payload) => boolean {
  const watch = f.watch && f.watch.length > 0 ? new Set(f.watch) : null;
  const side = f.side === undefined ? null : f.side === 'buy' ? 'BUY' : 'SELL';
  return (payload) => {
    const p = payload as KolTradeEventData;
    if (watch !== null && !watch.has(p.kol.wallet)) return false;
    if (f.min_sol !== undefined && p.sol < f.min_sol) return false;
    return side === null || p.side === side;
  };
}

/** `stream/wallets` filter: the event's wallet is one of the watched ones. */
export function walletFilter(watch: readonly string[]): (payload: Payload) => boolean {
  const set = new Set(watch);
  return (payload) => set.has((payload as WalletEventData).wallet);
}
