import type { Queryable } from '../store/queryable.js';
import { buildCohortFieldsSql } from './build-cohort-fields-sql.js';
import { COHORT_FIELDS, type CohortField } from './cohort-fields.js';

export interface CohortFieldInfo extends Omit<CohortField, 'sql'> {
  /** Smallest and largest value over analysed, non-skipped tokens; null on an empty dataset. */
  readonly min: number | null;
  readonly max: number | null;
}

/** The cohort field catalogue with each field's bounds over the data (`GET /v1/cohort/fields`). */
export async function listCohortFields(db: Queryable): Promise<CohortFieldInfo[]> {
  const [row] = await db.all<Record<string, number | null>>(buildCohortFieldsSql());
  return COHORT_FIELDS.map(({ sql: _sql, ...f }) => ({
    ...f,
    min: row[`${f.name}__min`] ?? null,
    max: row[`${f.name}__max`] ?? null,
  }));
}
