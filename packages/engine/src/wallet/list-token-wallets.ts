import { type Covered, found, noRecord } from '../catalogue/covered.js';
import { findToken } from '../catalogue/find-token.js';
import { countText } from '../says/count-text.js';
import type { Queryable } from '../store/queryable.js';
import type { HolderRow } from '../tables/holder-row.js';
import { TOKEN_WALLETS_CAP, type TokenWallets } from './token-wallets.js';

export const TOKEN_WALLETS_SQL = `SELECT h.*, fk.name AS funder_known, k.name AS kol_name, k.handle AS kol_handle
FROM holders h
LEFT JOIN known_wallets fk ON fk.address = h.funder
LEFT JOIN kols k ON k.wallet = h.wallet
WHERE h.mint = $mint
  AND (h.is_insider OR h.is_sniper OR h.is_early OR h.is_fresh OR h.is_wash OR h.is_kol OR k.wallet IS NOT NULL)
ORDER BY h.supply_pct DESC, h.bought_sol DESC, h.wallet`;

type Row = HolderRow & { funder_known: string | null; kol_name: string | null; kol_handle: string | null };

/** The addresses of a token's insider, sniper, early, fresh (with funder), wash and KOL wallets as of `asOf`. */
export async function listTokenWallets(
  db: Queryable,
  mint: string,
  asOf: number,
  cap = TOKEN_WALLETS_CAP,
): Promise<Covered<TokenWallets>> {
  const [token, rows] = await Promise.all([
    findToken(db, mint, asOf),
    db.all<Row>(TOKEN_WALLETS_SQL, { mint }),
  ]);
  if (token === null)
    return noRecord(mint, 'the token was not analysed at migration by this index as of the request');
  const insiders = rows.filter((r) => r.is_insider);
  const snipers = rows.filter((r) => r.is_sniper);
  const early = rows.filter((r) => r.is_early);
  const fresh = rows.filter((r) => r.is_fresh);
  const wash = rows.filter((r) => r.is_wash);
  const kols = rows.filter((r) => r.is_kol || r.kol_name !== null);
  const exchangeFunded = fresh.filter((r) => r.funder_known !== null).length;
  const says =
    `${token.symbol ?? mint} has ${countText(insiders.length, 'insider')}, ${countText(snipers.length, 'sniper')}, ` +
    `${countText(early.length, 'early buyer')}, ${countText(fresh.length, 'fresh wallet')} (${exchangeFunded} funded from a known exchange), ` +
    `${countText(wash.length, 'wash wallet')} and ${countText(kols.length, 'KOL')}.`;
  return found({
    mint,
    insiders: insiders.slice(0, cap).map((r) => ({
      wallet: r.wallet,
      supply_pct: r.supply_pct,
      is_creator: r.is_creator,
      is_bundle: r.is_bundle,
    })),
    snipers: snipers.slice(0, cap).map((r) => ({
      wallet: r.wallet,
      supply_pct: r.supply_pct,
      block0: r.first_buy_slot === token.created_slot,
      first_buy_slot: r.first_buy_slot,
    })),
    early: early.slice(0, cap).map((r) => ({ wallet: r.wallet, supply_pct: r.supply_pct })),
    fresh: fresh.slice(0, cap).map((r) => ({
      wallet: r.wallet,
      supply_pct: r.supply_pct,
      funder: r.funder,
      funder_known: r.funder_known,
    })),
    wash: wash.slice(0, cap).map((r) => ({
      wallet: r.wallet,
      supply_pct: r.supply_pct,
      bought_sol: r.bought_sol,
      sold_sol: r.sold_sol,
    })),
    kols: kols.slice(0, cap).map((r) => ({
      wallet: r.wallet,
      supply_pct: r.supply_pct,
      name: r.kol_name,
      handle: r.kol_handle,
    })),
    totals: {
      insiders: insiders.length,
      snipers: snipers.length,
      early: early.length,
      fresh: fresh.length,
      wash: wash.length,
      kols: kols.length,
    },
    cap,
    says,
  });
}
