/**
 * The rows of a frame with an outcome, in settlement order, so that "settled in (from, to]" is a
 * slice found by two binary searches instead of a pass over every row. A walk-forward calibrates
 * once per analysis day against the same frame: at 240k launches each of the scorecard's 180 days
 * scanned all 72 k rows of its frame several times (bench/RESULTS.md). Kept per `settledAt` column
 * (a frame is not changed once built), so the sort is paid once per frame.
 */
export class SettledRows {
  private static readonly kept = new WeakMap<Float64Array, SettledRows>();

  /** Row indices with a settlement time (not NaN), by settlement time, then by row. */
  private readonly order: Int32Array;
  /** `settledAt` in that order. */
  private readonly times: Float64Array;

  private constructor(
    settledAt: Float64Array,
    private readonly n: number,
  ) {
    const rows: number[] = [];
    for (let i = 0; i < n; i++) if (!Number.isNaN(settledAt[i])) rows.push(i);
    rows.sort((a, b) => settledAt[a] - settledAt[b] || a - b);
    this.order = Int32Array.from(rows);
    this.times = Float64Array.from(rows, (i) => settledAt[i]);
  }

  /** The settled rows among the first `n` of a `settledAt` column (sorted on first use, then kept). */
  static of(settledAt: Float64Array, n: number): SettledRows {
    let rows = SettledRows.kept.get(settledAt);
    if (rows === undefined || rows.n !== n) {
      rows = new SettledRows(settledAt, n);
      SettledRows.kept.set(settledAt, rows);
    }
    return rows;
  }

  /** The earliest settlement time, or +∞ when no row has one. */
  get earliest(): number {
    return this.times.length > 0 ? this.times[0] : Number.POSITIVE_INFINITY;
  }

  /** The rows settled in (`from`, `to`], in settlement order (a view, not a copy). */
  between(from: number, to: number): Int32Array {
    return this.order.subarray(this.countThrough(from), this.countThrough(to));
  }

  /** How many rows settled at or before `t`. */
  private countThrough(t: number): number {
    let lo = 0;
    let hi = this.times.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.times[mid] <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
