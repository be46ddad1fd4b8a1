/** `kol_trades` by KOL, newest first, with each trade's token symbol and outcome time (`kolTradesIndexSql`). */
export const KOL_TRADES_TABLE = 'ix_kol_trades';

/**
 * `CREATE TABLE` text of the serving store's KOL trades by wallet: `kol_trades` is kept in time
 * order, so a KOL's detail scanned every trade of the history and joined `tokens` and `outcomes`
 * over all their rows. Here a KOL's trades are one range (zone maps skip the rest), each with its
 * token's symbol (a token row never changes) and its outcome's `settled_at` as the base holds them
 * (null when the base has no such row: a token or outcome appended later is read from the delta).
 */
export function kolTradesIndexSql(): string {
  return `CREATE TABLE ${KOL_TRADES_TABLE} AS
SELECT k.*, t.symbol, o.settled_at
FROM kol_trades k LEFT JOIN tokens t ON t.mint = k.mint LEFT JOIN outcomes o ON o.mint = k.mint
ORDER BY k.wallet, k."at" DESC, k.id`;
}
