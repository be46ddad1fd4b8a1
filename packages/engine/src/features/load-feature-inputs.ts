import type { Queryable } from '../store/queryable.js';
import { buildFeaturesSql } from './build-features-sql.js';
import type { FeatureInputs } from './feature-inputs.js';
import type { FeatureScope } from './feature-scope.js';

/** Runs the features query for a scope; each row is as of that token's analysis moment. */
export async function loadFeatureInputs(db: Queryable, scope: FeatureScope): Promise<FeatureInputs[]> {
  const q = buildFeaturesSql(scope);
  return db.all<FeatureInputs>(q.sql, q.params);
}
