import type { Queryable } from '../store/queryable.js';
import { servedLayoutOf } from '../store/served-layout.js';
import type { TokenRow } from '../tables/token-row.js';
import {
  buildFeaturesSql,
  buildHeldFeatureSql,
  buildHeldFeaturesSql,
  buildUnheldMintsSql,
  FEATURE_HISTORY_TABLE,
} from './build-features-sql.js';
import type { FeatureInputs, HistoryInputs } from './feature-inputs.js';
import type { FeatureScope } from './feature-scope.js';

async function held(db: Queryable, scope: FeatureScope): Promise<FeatureInputs[]> {
  const q = buildHeldFeaturesSql(scope);
  return db.all<FeatureInputs>(q.sql, q.params);
}

async function heldOne(db: Queryable, mint: string): Promise<FeatureInputs[]> {
  const q = buildHeldFeatureSql(mint);
  const rows = await db.all<HistoryInputs & { token_json: string }>(q.sql, q.params);
  return rows.map(({ token_json, ...history }) => ({ ...(JSON.parse(token_json) as TokenRow), ...history }));
}

const byTime = (a: FeatureInputs, b: FeatureInputs) =>
  a.analyzed_at - b.analyzed_at || (a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0);

/**
 * Runs the features query for a scope; each row is as of that token's analysis moment. In a
 * served store the base tokens' history is read from the table computed when it was built, and
 * only the tokens appended since are computed (the same rows: a history never changes).
 */
export async function loadFeatureInputs(db: Queryable, scope: FeatureScope): Promise<FeatureInputs[]> {
  if (!(await servedLayoutOf(db)).baseTables.has(FEATURE_HISTORY_TABLE)) {
    const q = buildFeaturesSql(scope);
    return db.all<FeatureInputs>(q.sql, q.params);
  }
  const rows =
    scope.kind === 'mints' && scope.mints.length === 1
      ? await heldOne(db, scope.mints[0])
      : await held(db, scope);
  if (scope.kind === 'mints' && rows.length === new Set(scope.mints).size) return rows;
  const unheld = buildUnheldMintsSql(scope);
  const mints = (await db.all<{ mint: string }>(unheld.sql, unheld.params)).map((r) => r.mint);
  if (mints.length === 0) return rows;
  const fresh = buildFeaturesSql({ kind: 'mints', mints });
  return [...rows, ...(await db.all<FeatureInputs>(fresh.sql, fresh.params))].sort(byTime);
}
