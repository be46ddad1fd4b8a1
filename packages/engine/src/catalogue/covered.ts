import { z } from 'zod';

/**
 * The answer when the index holds no record of the subject as of the request: the server maps it
 * to `_meta.coverage = "none"` (never billed). Not an error.
 */
export const NoRecord = z.object({
  kind: z.literal('none'),
  /** The mint or address asked about. */
  subject: z.string(),
  reason: z.string(),
  says: z.string(),
});
export type NoRecord = z.infer<typeof NoRecord>;

/** A record the index holds, with the coverage the server reports (`partial`: some items unknown). */
export interface Found<T> {
  readonly kind: 'found';
  readonly coverage: 'full' | 'partial';
  readonly record: T;
}

/** What every record function of the engine returns. */
export type Covered<T> = Found<T> | NoRecord;

/** Wraps a record the index holds. */
export function found<T>(record: T, coverage: 'full' | 'partial' = 'full'): Found<T> {
  return { kind: 'found', coverage, record };
}

/** The no-record value for `subject`, with the reason in one sentence. */
export function noRecord(subject: string, reason: string): NoRecord {
  return { kind: 'none', subject, reason, says: `No record of ${subject}: ${reason}.` };
}
