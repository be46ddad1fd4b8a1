/**
 * The shell lines `pnpm start` prints under "Try:" (development): one line setting the values,
 * then calls that work as printed, pasted in order into one shell. The README's "Calling it"
 * quotes them (`test/try-lines-readme.test.ts` compares the two).
 */
export const TRY_CALLS: readonly string[] = [
  'curl -s $BASE/v1/coverage',
  'curl -s -H "X-API-Key: $KEY" $BASE/v1/screen/$MINT',
  'curl -s $BASE/v1/track-record/$MINT',
  `curl -s -H "X-API-Key: $KEY" -H 'Content-Type: application/json' -d '{"filters":{"top10_pct":{"min":30}}}' $BASE/v1/cohort`,
  `R=$(curl -s -X POST -H "X-API-Key: $KEY" -H 'Content-Type: application/json' -d '{}' $BASE/v1/analyze/$CURVE); echo "$R"; ID=$(echo "$R" | sed -n 's/.*"analysis_id":"\\([^"]*\\)".*/\\1/p')`,
  'curl -s $BASE/v1/analyze/$ID',
  'curl -N -H "X-API-Key: $KEY" $BASE/v1/stream/migrations',
];

export interface TryValues {
  readonly base: string;
  readonly key: string;
  readonly mint: string;
  /** A launch on its bonding curve (`start_here.curve_mint`); without one the analyze lines are left out. */
  readonly curveMint: string | null;
}

/** The values line followed by `TRY_CALLS` (the analyze pair only with a curve mint). */
export function tryLines(values: TryValues): string[] {
  const set = [`BASE=${values.base}`, `KEY=${values.key}`, `MINT=${values.mint}`];
  if (values.curveMint !== null) set.push(`CURVE=${values.curveMint}`);
  const calls = values.curveMint === null ? TRY_CALLS.filter((l) => !l.includes('/v1/analyze/')) : TRY_CALLS;
  return [set.join(' '), ...calls];
}
