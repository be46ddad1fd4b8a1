import { COHORT_FIELDS } from './cohort-fields.js';

/** SQL of the field bounds: one row with `<field>__min` and `<field>__max` per catalogue field. */
export function buildCohortFieldsSql(): string {
  const cols = COHORT_FIELDS.map(
    (f) => `min(${f.sql}) AS "${f.name}__min", max(${f.sql}) AS "${f.name}__max"`,
  );
  return `SELECT\n  ${cols.join(',\n  ')}\nFROM tokens t WHERE NOT t.skipped`;
}
