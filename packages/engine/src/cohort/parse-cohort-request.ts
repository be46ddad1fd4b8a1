import { CohortRequest } from './cohort-request.js';

export interface CohortIssue {
  readonly path: string;
  readonly message: string;
}

export type ParsedCohortRequest =
  | { readonly kind: 'valid'; readonly request: CohortRequest }
  | { readonly kind: 'invalid'; readonly issues: readonly CohortIssue[] };

/** Validates a cohort request body; invalid input is a value listing every problem with its path. */
export function parseCohortRequest(body: unknown): ParsedCohortRequest {
  const r = CohortRequest.safeParse(body);
  if (r.success) return { kind: 'valid', request: r.data };
  return {
    kind: 'invalid',
    issues: r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  };
}
