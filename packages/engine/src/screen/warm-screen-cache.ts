import type { FeatureScope } from '../features/feature-scope.js';
import { loadFeatureInputs } from '../features/load-feature-inputs.js';
import { featureVector } from '../features/risk-features.js';
import type { Queryable } from '../store/queryable.js';
import { rememberToken, type ScreenCache } from './screen-cache.js';

/** Loads the features of a scope's tokens (as of each one's analysis) into the cache, in one query. */
export async function warmScreenCache(
  db: Queryable,
  cache: ScreenCache,
  scope: FeatureScope = { kind: 'all' },
): Promise<number> {
  const rows = await loadFeatureInputs(db, scope);
  for (const inputs of rows) rememberToken(cache, { inputs, x: featureVector(inputs) });
  return rows.length;
}
