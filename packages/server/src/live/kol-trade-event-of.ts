import type { KolRow, KolTradeRow } from '@launchlens/engine';
import type { KolTradeEventData } from '../streams/stream-payloads.js';

/** A tracked KOL's trade as a `kol_trade` event (API-SPEC §6). */
export function kolTradeEventOf(
  t: KolTradeRow,
  kol: KolRow | undefined,
  symbol: string | null,
): KolTradeEventData {
  return {
    id: t.id,
    kol: { wallet: t.wallet, name: kol?.name ?? null, handle: kol?.handle ?? null },
    mint: t.mint,
    symbol,
    side: t.side,
    sol: t.sol,
    realized_sol: t.realized_sol,
    roi_pct: t.roi_pct,
    at: new Date(t.at).toISOString(),
  };
}
