/**
 * `mints` bound as one `$m<i>` parameter each, so the mint index of the table they filter serves
 * an `IN` list (a list parameter scanned every row): the list's text (`NULL` when empty, which
 * matches nothing) and the parameters.
 */
export function mintParams(mints: readonly string[]): {
  readonly list: string;
  readonly params: Record<string, string>;
} {
  return {
    list: mints.length > 0 ? mints.map((_, i) => `$m${i}`).join(', ') : 'NULL',
    params: Object.fromEntries(mints.map((m, i) => [`m${i}`, m])),
  };
}
