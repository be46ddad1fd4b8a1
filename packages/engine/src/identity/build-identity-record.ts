import { countText } from '../says/count-text.js';
import { isoTime } from '../says/iso-time.js';
import { pctText } from '../says/pct-text.js';
import { solText } from '../says/sol-text.js';
import type { TokenRow } from '../tables/token-row.js';
import type { TiedLaunchRow } from './build-tied-launches-sql.js';
import type { UpsideBaseRow } from './build-upside-base-sql.js';
import type { WalletHistoryRow } from './build-wallet-history-sql.js';
import {
  IDENTITY_CAPS,
  type IdentityRecord,
  SERIAL_MIN_PRIOR,
  UPSIDE_BASE_WINDOW_DAYS,
  UPSIDE_MIN_N,
} from './identity-record.js';

const pct = (part: number, whole: number) => (whole > 0 ? (100 * part) / whole : null);

/**
 * The identity record from the token row, its wallets' history and the launches tied to it, all
 * already restricted to what was visible at the token's analysis moment.
 */
export function buildIdentityRecord(
  token: TokenRow,
  wallets: readonly WalletHistoryRow[],
  tied: readonly TiedLaunchRow[],
  base: UpsideBaseRow,
): IdentityRecord {
  const withHistory = wallets.filter((w) => w.appearances > 0);
  const serialInsiders = wallets
    .filter((w) => w.insider_in >= SERIAL_MIN_PRIOR)
    .sort((a, b) => b.insider_in - a.insider_in || a.wallet.localeCompare(b.wallet));
  const serialSnipers = wallets.filter((w) => w.sniper_in >= SERIAL_MIN_PRIOR).length;
  const realized = wallets.reduce((s, w) => s + w.realized_sol, 0);
  const winners = wallets.filter((w) => w.realized_sol > 0).length;
  const kols = wallets.filter((w) => w.is_kol).length;

  const known = tied.filter((t) => t.rugged !== null);
  const rugged = known.filter((t) => t.rugged).length;
  const byCreator = tied.filter((t) => t.same_creator);
  const settled = tied.filter((t) => t.reached_2x !== null);

  const coverage = pct(withHistory.length, wallets.length) ?? 0;
  const identitySays =
    wallets.length === 0
      ? `No wallet of ${token.symbol ?? token.mint} was recorded, so no history could be checked.`
      : `${withHistory.length} of ${countText(wallets.length, 'wallet')} (${pctText(coverage)}) traded earlier launches, ` +
        `${countText(serialInsiders.length, 'serial insider')} and ${countText(serialSnipers, 'serial sniper')} among them, ` +
        `with ${solText(realized)} realized before this launch.`;
  const siblingSays =
    tied.length === 0
      ? 'No earlier launch shares its creator or an insider wallet'
      : `${countText(tied.length, 'earlier launch', 'earlier launches')} share its creator or an insider wallet, ` +
        `${rugged} of ${known.length} settled ones rugged`;
  const says = `${identitySays.slice(0, -1)}; ${siblingSays}.`;

  return {
    mint: token.mint,
    history_until: isoTime(token.analyzed_at),
    creator:
      token.creator === ''
        ? null
        : {
            address: token.creator,
            allocation_pct: token.dev_pct,
            has_sold: token.dev_sold,
            prior_launches: byCreator.length,
            prior_settled: byCreator.filter((t) => t.rugged !== null).length,
            prior_rugged: byCreator.filter((t) => t.rugged === true).length,
          },
    identity: {
      holders_checked: wallets.length,
      holders_with_history: withHistory.length,
      coverage_pct: coverage,
      prior_appearances: wallets.reduce((s, w) => s + w.appearances, 0),
      prior_winners: winners,
      serial_insiders: serialInsiders.length,
      serial_snipers: serialSnipers,
      kol_wallets: kols,
      prior_realized_sol: realized,
      serial_insider_wallets: serialInsiders
        .slice(0, IDENTITY_CAPS.serial_wallets)
        .map((w) => ({ wallet: w.wallet, insider_in: w.insider_in })),
      says: identitySays,
    },
    sibling_outcomes: {
      siblings: tied.length,
      known: known.length,
      rugged,
      rug_pct: pct(rugged, known.length),
    },
    sibling_tokens: tied.slice(0, IDENTITY_CAPS.sibling_tokens).map((t) => ({
      mint: t.mint,
      symbol: t.symbol,
      seen_at: isoTime(t.analyzed_at),
      shared_wallets: t.shared_wallets,
      shared_insiders: t.shared_insiders,
      same_creator: t.same_creator,
      rugged: t.rugged,
    })),
    sibling_tokens_total: tied.length,
    upside:
      settled.length < UPSIDE_MIN_N
        ? null
        : {
            comparable:
              'launches tied to this one (same creator or a shared insider wallet) settled before its analysis',
            n: settled.length,
            reached_2x_pct: (100 * settled.filter((t) => t.reached_2x).length) / settled.length,
            reached_5x_pct: (100 * settled.filter((t) => t.reached_5x).length) / settled.length,
            base_n: base.n,
            base_2x_pct: pct(base.reached_2x, base.n),
            base_5x_pct: pct(base.reached_5x, base.n),
            base_window_days: UPSIDE_BASE_WINDOW_DAYS,
          },
    says,
  };
}
