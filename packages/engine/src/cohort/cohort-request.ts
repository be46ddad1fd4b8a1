import { z } from 'zod';
import { COHORT_FIELDS } from './cohort-fields.js';

export const MAX_COHORT_FILTERS = 6;
const FIELD_NAMES = new Set(COHORT_FIELDS.map((f) => f.name));

export const CohortBound = z
  .object({
    min: z.number({ error: 'min must be a number' }).optional(),
    max: z.number({ error: 'max must be a number' }).optional(),
  })
  .strict()
  .refine((b) => b.min !== undefined || b.max !== undefined, { error: 'a filter needs min, max or both' })
  .refine((b) => b.min === undefined || b.max === undefined || b.min <= b.max, {
    error: (iss) => {
      const b = iss.input as { min: number; max: number };
      return `min (${b.min}) must be ≤ max (${b.max})`;
    },
  });
export type CohortBound = z.infer<typeof CohortBound>;

/** `POST /v1/cohort` body: ≤ 6 filters on known fields, `window_days` 7–90 (default 30). */
export const CohortRequest = z
  .object({
    filters: z.record(z.string(), CohortBound).superRefine((filters, ctx) => {
      const names = Object.keys(filters);
      if (names.length > MAX_COHORT_FILTERS) {
        ctx.addIssue({
          code: 'custom',
          message: `at most ${MAX_COHORT_FILTERS} filters are allowed, got ${names.length}`,
        });
      }
      for (const name of names) {
        if (!FIELD_NAMES.has(name)) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: `unknown field "${name}"; fields are listed by GET /v1/cohort/fields`,
          });
        }
      }
    }),
    window_days: z
      .int({ error: 'window_days must be a whole number of days' })
      .min(7, { error: (iss) => `window_days must be between 7 and 90, got ${iss.input}` })
      .max(90, { error: (iss) => `window_days must be between 7 and 90, got ${iss.input}` })
      .default(30),
  })
  .strict();
export type CohortRequest = z.infer<typeof CohortRequest>;
