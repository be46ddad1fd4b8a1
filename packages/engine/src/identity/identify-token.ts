import { type Covered, found, noRecord } from '../catalogue/covered.js';
import { findToken } from '../catalogue/find-token.js';
import type { Queryable } from '../store/queryable.js';
import { buildIdentityRecord } from './build-identity-record.js';
import {
  buildIndexedTiedLaunchesSql,
  buildIndexedUpsideBaseSql,
  buildIndexedWalletHistorySql,
  buildSharedWalletsSql,
  KOL_WALLETS_SQL,
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

interface History {
  readonly wallets: WalletHistoryRow[];
  readonly launches: TiedLaunchRow[];
}

/** Adds `shared_wallets` to launches read from the index and restores the `buildTiedLaunchesSql` order. */
async function withSharedWallets(db: Queryable, history: History): Promise<History> {
  const { wallets, launches } = history;
  if (launches.length === 0) return history;
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

/** The token's wallet history from the index, each wallet in `kols` marked a KOL. */
async function indexedWallets(db: Queryable, mint: string): Promise<WalletHistoryRow[]> {
  const history = buildIndexedWalletHistorySql(mint);
  const [wallets, kols] = await Promise.all([
    db.all<WalletHistoryRow>(history.sql, history.params),
    db.all<{ wallet: string }>(KOL_WALLETS_SQL),
  ]);
  const kol = new Set(kols.map((k) => k.wallet));
  return wallets.map((w) => (w.is_kol || !kol.has(w.wallet) ? w : { ...w, is_kol: true }));
}

async function indexedHistory(db: Queryable, mint: string, creator: string, until: number): Promise<History> {
  const tied = buildIndexedTiedLaunchesSql(mint, creator, until);
  const [wallets, launches] = await Promise.all([
    indexedWallets(db, mint),
    db.all<TiedLaunchRow>(tied.sql, tied.params),
  ]);
  return wallets.length === 0 ? { wallets, launches } : withSharedWallets(db, { wallets, launches });
}

async function baseHistory(db: Queryable, mint: string, creator: string, until: number): Promise<History> {
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
  if (options.index !== undefined) {
    const tied = buildIndexedTiedLaunchesSql(mint, token.creator, until);
    const base = buildIndexedUpsideBaseSql(until, UPSIDE_BASE_WINDOW_DAYS);
    const [wallets, launches, [baseRow]] = await Promise.all([
      indexedWallets(db, mint),
      db.all<TiedLaunchRow>(tied.sql, tied.params),
      db.all<UpsideBaseRow>(base.sql, base.params),
    ]);
    if (wallets.length > 0) {
      const indexed = await withSharedWallets(db, { wallets, launches });
      return found(buildIdentityRecord(token, indexed.wallets, indexed.launches, baseRow));
    }
  }
  const base = buildUpsideBaseSql(until, UPSIDE_BASE_WINDOW_DAYS);
  const [history, [baseRow]] = await Promise.all([
    baseHistory(db, mint, token.creator, until),
    db.all<UpsideBaseRow>(base.sql, base.params),
  ]);
  return found(buildIdentityRecord(token, history.wallets, history.launches, baseRow));
}
