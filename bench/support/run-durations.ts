const TIMES = /^Scenario wall times \(s\): (.*)$/m;
const TOTAL = /^`pnpm bench` wall time: .*$/m;

/** `95 s` → `1 min 35 s`. */
function minutes(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds - m * 60);
  return m === 0 ? `${s} s` : `${m} min ${s} s`;
}

/**
 * The two lines of the results section about how long the benchmarks took: the last full run's
 * wall time (kept from `previous` when only some scenarios ran) and each scenario's latest time.
 */
export function runDurations(
  previous: string,
  fresh: ReadonlyMap<string, number>,
  full: { readonly seconds: number; readonly date: string; readonly commit: string } | null,
): string[] {
  const times = new Map<string, number>();
  const earlier = full ? '' : (TIMES.exec(previous)?.[1] ?? '');
  for (const entry of earlier.split(' · ')) {
    const m = /^(\S+) ([\d.]+)$/.exec(entry.trim());
    if (m) times.set(m[1], Number(m[2]));
  }
  for (const [name, seconds] of fresh) times.set(name, seconds);
  const sum = [...times.values()].reduce((a, b) => a + b, 0);
  const total = full
    ? `\`pnpm bench\` wall time: ${minutes(full.seconds)} for all ${fresh.size} scenarios, one after another (${full.date}, commit ${full.commit}); target ≤ 15 min.`
    : (TOTAL.exec(previous)?.[0] ?? '`pnpm bench` wall time: no full run recorded yet.');
  const listed = [...times.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, s]) => `${name} ${s.toFixed(1)}`)
    .join(' · ');
  return [total, `Scenario wall times (s): ${listed}`, `Sum of the latest scenario times: ${minutes(sum)}.`];
}
