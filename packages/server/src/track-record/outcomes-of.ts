import type { Queryable } from '@launchlens/engine';
import type { SettledOutcome } from './live-scorecard-of.js';

/** Outcomes of these mints settled by `asOf`, by mint. */
export async function outcomesOf(
  db: Queryable,
  mints: readonly string[],
  asOf: number,
): Promise<Map<string, SettledOutcome>> {
  if (mints.length === 0) return new Map();
  const rows = await db.all<{ mint: string; settled_at: number; rugged: boolean }>(
    'SELECT mint, settled_at, rugged FROM outcomes WHERE mint IN (SELECT unnest($mints))',
    { mints: [...new Set(mints)] },
  );
  const out = new Map<string, SettledOutcome>();
  for (const r of rows) {
    const settled_at = Number(r.settled_at);
    if (settled_at <= asOf) out.set(r.mint, { settled_at, rugged: r.rugged });
  }
  return out;
}
