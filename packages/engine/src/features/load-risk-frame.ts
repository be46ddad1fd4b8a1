import type { Queryable } from '../store/queryable.js';
import { buildFrameOutcomesSql } from './build-frame-outcomes-sql.js';
import type { FeatureScope } from './feature-scope.js';
import { loadFeatureInputs } from './load-feature-inputs.js';
import { RISK_TOKEN_COLUMNS } from './risk-features.js';
import { buildRiskFrame, type FrameOutcome, type RiskFrame } from './risk-frame.js';

/** Loads features and outcomes of a scope as a `RiskFrame` (two queries; of the token rows, `RISK_TOKEN_COLUMNS` only). */
export async function loadRiskFrame(
  db: Queryable,
  scope: FeatureScope = { kind: 'all' },
): Promise<RiskFrame> {
  const o = buildFrameOutcomesSql(scope);
  const [inputs, outcomes] = await Promise.all([
    loadFeatureInputs(db, scope, RISK_TOKEN_COLUMNS),
    db.all<FrameOutcome>(o.sql, o.params),
  ]);
  return buildRiskFrame(inputs, outcomes);
}
