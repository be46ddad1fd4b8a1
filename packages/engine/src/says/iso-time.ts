/** Epoch ms as ISO-8601 UTC text (the form every record's `_at` field uses). */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}

/** `isoTime` that keeps null as null. */
export function isoTimeOrNull(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
