import { type Covered, found, noRecord } from '../catalogue/covered.js';
import { findToken } from '../catalogue/find-token.js';
import type { Queryable } from '../store/queryable.js';
import { buildIdentityRecord } from './build-identity-record.js';
import {
  buildIndexedTiedLaunchesSql,
  buildIndexedWalletHistorySql,
  buildSharedWalletsSql,
} from './build-indexed-identity-sql.js';
import { buildTiedLaunchesSql, type TiedLaunchRow } from './build-tied-launches-sql.js';
import { buildUpsideBaseSql, type UpsideBaseRow } from './build-upside-base-sql.js';
import { buildWalletHistorySql, type WalletHistoryRow } from './build-wallet-history-sql.js';
import type { IdentityIndex } from './identity-index.js';
import { type IdentityRecord, UPSIDE_BASE_WINDOW_DAYS } from './identity-record.js';

export interface IdentifyTokenOptions {
  /** From `prepareIdentityIndex`: read the precomputed history; a token it lacks uses the base tables. */
  readonly index?: IdentityIndex;
}

/** The order of `buildTiedLaunchesSql`: same creator, most shared insiders, most shared wallets, newest. */
function compareTied(a: TiedLaunchRow, b: TiedLaunchRow): number {
  return (
    Number(b.same_creator) - Number(a.same_creator) ||
    b.shared_insiders - a.shared_insiders ||
    b.shared_wallets - a.shared_wallets ||
    b.analyzed_at - a.analyzed_at ||
    (a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0)
  );
}

/**
 * Launches tied to `mint` up to `until` (epoch ms), in `buildTiedLaunchesSql` order: through the
 * identity index when given and holding the token, else through the base tables.
 */
export async function findTiedLaunches(
  db: Queryable,
  mint: string,
  creator: string,
  until: number,
  index?: IdentityIndex,
): Promise<TiedLaunchRow[]> {
  if (index !== undefined) {
    const history = await indexedHistory(db, mint, creator, until);
    if (history.wallets.length > 0) return history.launches;
  }
  const tied = buildTiedLaunchesSql(mint, creator, until);
  return db.all<TiedLaunchRow>(tied.sql, tied.params);
}

async function indexedHistory(
  db: Queryable,
  mint: string,
  creator: string,
  until: number,
): Promise<{ wallets: WalletHistoryRow[]; launches: TiedLaunchRow[] }> {
  const history = buildIndexedWalletHistorySql(mint);
  const tied = buildIndexedTiedLaunchesSql(mint, creator, until);
  const [wallets, launches] = await Promise.all([
    db.all<WalletHistoryRow>(history.sql, history.params),
    db.all<TiedLaunchRow>(tied.sql, tied.params),
  ]);
  if (launches.length === 0) return { wallets, launches };
  const shared = buildSharedWalletsSql(
    wallets.map((w) => w.wallet),
    launches.map((l) => l.mint),
  );
  const rows = await db.all<{ mint: string; shared_wallets: number }>(shared.sql, shared.params);
  const counts = new Map(rows.map((r) => [r.mint, r.shared_wallets]));
  return {
    wallets,
    launches: launches.map((l) => ({ ...l, shared_wallets: counts.get(l.mint) ?? 0 })).sort(compareTied),
  };
}

async function baseHistory(
  db: Queryable,
  mint: string,
  creator: string,
  until: number,
): Promise<{ wallets: WalletHistoryRow[]; launches: TiedLaunchRow[] }> {
  const history = buildWalletHistorySql(mint, until);
  const tied = buildTiedLaunchesSql(mint, creator, until);
  const [wallets, launches] = await Promise.all([
    db.all<WalletHistoryRow>(history.sql, history.params),
    db.all<TiedLaunchRow>(tied.sql, tied.params),
  ]);
  return { wallets, launches };
}

/**
 * The identity record of `mint` as of `asOf` (epoch ms). History is cut at the token's own
 * analysis moment: launches analysed later are not siblings, outcomes count only once settled by then.
 */
export async function identifyToken(
  db: Queryable,
  mint: string,
  asOf: number,
  options: IdentifyTokenOptions = {},
): Promise<Covered<IdentityRecord>> {
  const token = await findToken(db, mint, asOf);
  if (token === null)
    return noRecord(mint, 'the token was not analysed at migration by this index as of the request');
  const until = token.analyzed_at;
  const base = buildUpsideBaseSql(until, UPSIDE_BASE_WINDOW_DAYS);
  const baseRows = db.all<UpsideBaseRow>(base.sql, base.params);
  let history = options.index ? await indexedHistory(db, mint, token.creator, until) : null;
  if (history === null || history.wallets.length === 0)
    history = await baseHistory(db, mint, token.creator, until);
  const [baseRow] = await baseRows;
  return found(buildIdentityRecord(token, history.wallets, history.launches, baseRow));
}
