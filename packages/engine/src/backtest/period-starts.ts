export type RetrainEvery = 'monthly' | 'weekly';

const DAY_MS = 86_400_000;

/** Period starts from `from` to `to`: calendar months (UTC) or 7-day steps. */
export function periodStarts(from: number, to: number, retrain: RetrainEvery): number[] {
  const starts: number[] = [];
  for (let s = from; s < to; ) {
    starts.push(s);
    if (retrain === 'weekly') s += 7 * DAY_MS;
    else {
      const d = new Date(s);
      s = Date.UTC(
        d.getUTCFullYear(),
        d.getUTCMonth() + 1,
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
      );
    }
  }
  return starts;
}
