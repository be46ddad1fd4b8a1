import type { ExitRecord, ExitRung, ExitVerdict } from './exit-record.js';
import { EXIT_THRESHOLDS } from './exit-thresholds.js';

const ACTION: Record<ExitVerdict, ExitRecord['action']> = {
  clear: 'clear',
  elevated: 'caution',
  thin: 'caution',
  trapped: 'avoid',
  blocked: 'avoid',
};

/** The verdict of one rung: `blocked` when a leg has no route, else by `EXIT_THRESHOLDS`. */
function rungVerdict(rung: ExitRung): ExitVerdict {
  const r = rung.retained_pct;
  if (r === null) return 'blocked';
  if (r >= EXIT_THRESHOLDS.clear_min_retained_pct) return 'clear';
  if (r >= EXIT_THRESHOLDS.elevated_min_retained_pct) return 'elevated';
  if (r >= EXIT_THRESHOLDS.thin_min_retained_pct) return 'thin';
  return 'trapped';
}

const SEVERITY: readonly ExitVerdict[] = ['clear', 'elevated', 'thin', 'trapped', 'blocked'];

/** The exit record of a ladder: the verdict and action of its worst rung (API-SPEC §2.3). */
export function exitVerdictOf(ladder: readonly ExitRung[]): ExitRecord {
  if (ladder.length === 0) throw new RangeError('an exit ladder needs at least one rung');
  let worst: ExitVerdict = 'clear';
  let worstRetained: number | null = Number.POSITIVE_INFINITY;
  for (const rung of ladder) {
    const v = rungVerdict(rung);
    if (SEVERITY.indexOf(v) > SEVERITY.indexOf(worst)) worst = v;
    if (rung.retained_pct === null) worstRetained = null;
    else if (worstRetained !== null) worstRetained = Math.min(worstRetained, rung.retained_pct);
  }
  return { verdict: worst, action: ACTION[worst], worst_retained_pct: worstRetained, ladder: [...ladder] };
}
