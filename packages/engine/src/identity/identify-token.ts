import { type Covered, found, noRecord } from '../catalogue/covered.js';
import { findToken } from '../catalogue/find-token.js';
import type { Queryable } from '../store/queryable.js';
import { buildIdentityRecord } from './build-identity-record.js';
import {
  buildIndexedTiesSql,
  buildIndexedUpsideBaseSql,
  buildIndexedWalletHistorySql,
  KOL_WALLETS_SQL,
} from './build-indexed-identity-sql.js';
import { buildTiedLaunchesSql, type TiedLaunchRow } from './build-tied-launches-sql.js';
import { buildUpsideBaseSql, type UpsideBaseRow } from './build-upside-base-sql.js';
import { buildWalletHistorySql, type WalletHistoryRow } from './build-wallet-history-sql.js';
import { cutTiedLaunches, type IndexedTie } from './cut-tied-launches.js';
import type { IdentityIndex } from './identity-index.js';
import { type IdentityRecord, UPSIDE_BASE_WINDOW_DAYS } from './identity-record.js';

export interface IdentifyTokenOptions {
  /** `DatasetStore.identityIndex` (or `prepareIdentityIndex` on a memory store): read the precomputed history; a token it lacks uses the base tables. */
  readonly index?: IdentityIndex;
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
    const ties = await indexedTies(db, mint);
    if (ties !== null) return cutTiedLaunches(ties, until);
  }
  const tied = buildTiedLaunchesSql(mint, creator, until);
  return db.all<TiedLaunchRow>(tied.sql, tied.params);
}

interface History {
  readonly wallets: WalletHistoryRow[];
  readonly launches: TiedLaunchRow[];
}

/** The token's precomputed ties (earlier and later), or null when the index does not hold the token. */
async function indexedTies(db: Queryable, mint: string): Promise<IndexedTie[] | null> {
  const q = buildIndexedTiesSql(mint);
  const [row] = await db.all<{ ties: IndexedTie[] | null }>(q.sql, q.params);
  return row === undefined ? null : (row.ties ?? []);
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
    const base = buildIndexedUpsideBaseSql(until, UPSIDE_BASE_WINDOW_DAYS);
    const [wallets, ties, [baseRow]] = await Promise.all([
      indexedWallets(db, mint),
      indexedTies(db, mint),
      db.all<UpsideBaseRow>(base.sql, base.params),
    ]);
    if (wallets.length > 0 && ties !== null) {
      return found(buildIdentityRecord(token, wallets, cutTiedLaunches(ties, until), baseRow));
    }
  }
  const base = buildUpsideBaseSql(until, UPSIDE_BASE_WINDOW_DAYS);
  const [history, [baseRow]] = await Promise.all([
    baseHistory(db, mint, token.creator, until),
    db.all<UpsideBaseRow>(base.sql, base.params),
  ]);
  return found(buildIdentityRecord(token, history.wallets, history.launches, baseRow));
}
