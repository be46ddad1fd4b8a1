import type { Queryable } from '../store/queryable.js';
import { servedLayoutOf } from '../store/served-layout.js';
import { DELTA } from '../store/serving-store-sql.js';
import { IDENTITY_INDEX_SQL } from './identity-index-sql.js';

/** A built identity index: the token count it covers (a store with more tokens has outgrown it). */
export interface IdentityIndex {
  readonly tokens: number;
  readonly holder_rows: number;
  readonly insider_rows: number;
  /** The last first-funding, or first trade of a funded wallet in a launch, the index holds (epoch ms). */
  readonly funded_through: number | null;
  readonly funders: number;
  /**
   * The last time an insider row's facts can change (analysis, position close or outcome; epoch
   * ms): from it on, `ix_serial_insiders` is the serial-insider leaderboard.
   */
  readonly insiders_through: number | null;
}

export const INDEX_COUNTS_SQL = `SELECT (SELECT count(*) FROM tokens)::BIGINT AS tokens,
  (SELECT count(*) FROM ix_holder_history)::BIGINT AS holder_rows,
  (SELECT count(*) FROM ix_insider_rows)::BIGINT AS insider_rows,
  greatest((SELECT max(funded_at) FROM funders), (SELECT max(known_at) FROM ix_funder_mints)) AS funded_through,
  (SELECT count(*) FROM funders)::BIGINT AS funders,
  greatest((SELECT max(analyzed_at) FROM ix_insider_rows), (SELECT max(position_last_at) FROM ix_insider_rows),
    (SELECT max(settled_at) FROM outcomes)) AS insiders_through`;

/**
 * Builds (or rebuilds) the identity index in a memory store and returns its handle. An opened
 * dataset already holds it in its serving store (`DatasetStore.identityIndex`), built with the
 * store; there the `ix_*` names are read-only views and this cannot run.
 */
export async function prepareIdentityIndex(db: Queryable): Promise<IdentityIndex> {
  for (const sql of IDENTITY_INDEX_SQL) await db.all(sql);
  const [counts] = await db.all<IdentityIndex>(INDEX_COUNTS_SQL);
  return counts;
}

export const CURRENT_COUNTS_SQL =
  'SELECT (SELECT count(*) FROM tokens)::BIGINT AS tokens, (SELECT count(*) FROM funders)::BIGINT AS funders';

/**
 * Tokens and fundings appended to a served store since its base (and the base's index) was built.
 * Counting the whole `funders` view instead cost 65–120 ms a call at 24k launches, on every
 * leaderboard call.
 */
export const APPENDED_COUNTS_SQL = `SELECT ((SELECT count(*) FROM ${DELTA}.tokens)
  + (SELECT count(*) FROM ${DELTA}.funders))::BIGINT AS n`;

/**
 * True when the store holds exactly the tokens and fundings the index was built over (nothing
 * appended since). A served store's index is its base's, so only its appended rows are counted.
 */
export async function indexIsCurrent(db: Queryable, index: IdentityIndex): Promise<boolean> {
  if ((await servedLayoutOf(db)).served) {
    const [appended] = await db.all<{ n: number }>(APPENDED_COUNTS_SQL);
    return appended.n === 0;
  }
  const [now] = await db.all<{ tokens: number; funders: number }>(CURRENT_COUNTS_SQL);
  return now.tokens === index.tokens && now.funders === index.funders;
}
