import type { Queryable } from '../store/queryable.js';
import { servedLayoutOf } from '../store/served-layout.js';
import type { TokenRow } from '../tables/token-row.js';
import {
  buildFeaturesSql,
  buildHeldFeatureSql,
  buildHeldFeaturesSql,
  buildHeldMintsSql,
  buildUnheldMintsSql,
  FEATURE_HISTORY_TABLE,
} from './build-features-sql.js';
import type { FeatureInputs, HistoryInputs } from './feature-inputs.js';
import type { FeatureScope } from './feature-scope.js';

async function held(
  db: Queryable,
  scope: FeatureScope,
  tokenColumns: readonly string[] | undefined,
): Promise<FeatureInputs[]> {
  const q = buildHeldFeaturesSql(scope, tokenColumns);
  return db.all<FeatureInputs>(q.sql, q.params);
}

async function heldOne(db: Queryable, mint: string): Promise<FeatureInputs[]> {
  const q = buildHeldFeatureSql(mint);
  const rows = await db.all<HistoryInputs & { token_json: string }>(q.sql, q.params);
  return rows.map(({ token_json, ...history }) => ({ ...(JSON.parse(token_json) as TokenRow), ...history }));
}

const byTime = (a: FeatureInputs, b: FeatureInputs) =>
  a.analyzed_at - b.analyzed_at || (a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0);

/** Above this many mints, one join over the tables costs less than a lookup per mint. */
const LOOKUP_MINTS_MAX = 200;

/** Held tokens' features by mint lookups; token rows in `known` are not read again. */
async function heldMints(
  db: Queryable,
  mints: readonly string[],
  known: readonly TokenRow[] = [],
): Promise<FeatureInputs[]> {
  const rows = new Map(known.map((t) => [t.mint, t]));
  const unread = mints.filter((m) => !rows.has(m));
  const history = buildHeldMintsSql(mints).history;
  const tokens = unread.length > 0 ? buildHeldMintsSql(unread).tokens : null;
  const [histories, texts] = await Promise.all([
    db.all<HistoryInputs & { mint: string }>(history.sql, history.params),
    tokens === null ? [] : db.all<{ mint: string; row: string }>(tokens.sql, tokens.params),
  ]);
  for (const { mint, row } of texts) rows.set(mint, JSON.parse(row) as TokenRow);
  return histories
    .flatMap(({ mint, ...history }) => {
      const token = rows.get(mint);
      return token === undefined ? [] : [{ ...token, ...history }];
    })
    .sort(byTime);
}

/**
 * Runs the features query for a scope; each row is as of that token's analysis moment. In a
 * served store the base tokens' history is read from the table computed when it was built, and
 * only the tokens appended since are computed (the same rows: a history never changes). With
 * `tokenColumns`, rows need hold only those columns of the token row (a base token's row is read
 * for them alone; others may hold more).
 */
export async function loadFeatureInputs(db: Queryable, scope: FeatureScope): Promise<FeatureInputs[]>;
export async function loadFeatureInputs<C extends keyof TokenRow>(
  db: Queryable,
  scope: FeatureScope,
  tokenColumns: readonly C[],
): Promise<(Pick<TokenRow, C> & HistoryInputs)[]>;
export async function loadFeatureInputs(
  db: Queryable,
  scope: FeatureScope,
  tokenColumns?: readonly (keyof TokenRow)[],
): Promise<FeatureInputs[]> {
  if (!(await servedLayoutOf(db)).baseTables.has(FEATURE_HISTORY_TABLE)) {
    const q = buildFeaturesSql(scope);
    return db.all<FeatureInputs>(q.sql, q.params);
  }
  const mints = scope.kind === 'mints' ? [...new Set(scope.mints)] : [];
  const rows =
    mints.length === 1
      ? await heldOne(db, mints[0])
      : mints.length > 1 && mints.length <= LOOKUP_MINTS_MAX
        ? await heldMints(db, mints, scope.kind === 'mints' ? scope.rows : undefined)
        : await held(db, scope, tokenColumns);
  if (scope.kind === 'mints' && rows.length === mints.length) return rows;
  const unheld = buildUnheldMintsSql(scope);
  const fresh = (await db.all<{ mint: string }>(unheld.sql, unheld.params)).map((r) => r.mint);
  if (fresh.length === 0) return rows;
  const computed = buildFeaturesSql({ kind: 'mints', mints: fresh });
  return [...rows, ...(await db.all<FeatureInputs>(computed.sql, computed.params))].sort(byTime);
}
