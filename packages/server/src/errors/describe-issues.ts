import type { z } from 'zod';

export interface InputIssue {
  readonly path: string;
  readonly message: string;
}

const where = (issue: z.core.$ZodIssue, target: string) =>
  issue.path.length > 0 ? issue.path.join('.') : target;

/** One message per zod issue, naming the field and, for range errors, the bound it broke. */
export function describeIssues(error: z.ZodError, target: string): InputIssue[] {
  return error.issues.map((issue) => {
    const path = where(issue, target);
    if (issue.code === 'too_big') {
      const op = issue.inclusive === false ? 'less than' : 'at most';
      const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : '';
      const verb = issue.origin === 'string' || issue.origin === 'array' ? 'must have' : 'must be';
      return { path, message: `${path} ${verb} ${op} ${issue.maximum}${unit}` };
    }
    if (issue.code === 'too_small') {
      const op = issue.inclusive === false ? 'more than' : 'at least';
      const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : '';
      const verb = issue.origin === 'string' || issue.origin === 'array' ? 'must have' : 'must be';
      return { path, message: `${path} ${verb} ${op} ${issue.minimum}${unit}` };
    }
    return { path, message: issue.message.startsWith(path) ? issue.message : `${path}: ${issue.message}` };
  });
}
