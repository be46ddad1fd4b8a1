import type { z } from 'zod';
import { describeIssues } from './describe-issues.js';
import { ServerError } from './server-error.js';

/** The 400 for input that failed its zod schema: each issue named, with the bound it broke. */
export function invalidInput(error: z.ZodError, target: string): ServerError {
  const issues = describeIssues(error, target);
  return new ServerError('invalid_input', issues.map((i) => i.message).join('; '), {
    details: { issues },
  });
}
