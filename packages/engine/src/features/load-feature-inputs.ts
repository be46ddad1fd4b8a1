import type { Queryable } from '../store/queryable.js';
import { servedLayoutOf } from '../store/served-layout.js';
import { buildFeaturesSql, FEATURE_HISTORY_TABLE } from './build-features-sql.js';
import type { FeatureInputs } from './feature-inputs.js';
import type { FeatureScope } from './feature-scope.js';

/**
 * Runs the features query for a scope; each row is as of that token's analysis moment. A served
 * store's base tokens read their history from the table computed when it was built.
 */
export async function loadFeatureInputs(db: Queryable, scope: FeatureScope): Promise<FeatureInputs[]> {
  const precomputed = (await servedLayoutOf(db)).baseTables.has(FEATURE_HISTORY_TABLE);
  const q = buildFeaturesSql(scope, { precomputed });
  return db.all<FeatureInputs>(q.sql, q.params);
}
