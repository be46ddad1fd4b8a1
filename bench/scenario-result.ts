/** One line a benchmark scenario prints to stdout: a measured figure with its unit and target. */
export interface ScenarioResult {
  readonly name: string;
  readonly metric: string;
  readonly unit: string;
  readonly value: number;
  readonly target?: string;
  /** The same work done the reference way (raw DuckDB SQL, hello-JSON …) and value ÷ reference. */
  readonly reference?: { readonly name: string; readonly value: number };
  readonly runs?: readonly number[];
  readonly notes?: string;
}

/** Prints results as JSON lines, prefixed so the runner can tell them from other output. */
export function report(...results: ScenarioResult[]): void {
  for (const r of results) process.stdout.write(`BENCH ${JSON.stringify(r)}\n`);
}

/** Median of a sample (mean of the two middle values for even n). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Quantile type 7 (linear interpolation), q in [0, 1]. */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  const h = (s.length - 1) * q;
  const lo = Math.floor(h);
  return s[lo] + (h - lo) * ((s[Math.min(lo + 1, s.length - 1)] ?? s[lo]) - s[lo]);
}
