import { type Queryable, type ScreenRecord, screenToken } from '@launchlens/engine';
import type { RiskContext, ScreenEntry } from './risk-context.js';

const DAY_MS = 86_400_000;

/**
 * `screenToken` with the finished records of the current UTC day kept by mint: a record depends
 * only on the token (immutable once analysed), the model and the calibration of `asOf`'s day, so
 * within a day it is the same for every `asOf` at or after the token's analysis. The map is
 * emptied when the day changes and bounded by the screen cache's size.
 */
export async function screenRecordOf(
  db: Queryable,
  risk: RiskContext,
  mint: string,
  asOf: number,
): Promise<ScreenRecord | null> {
  return (await screenEntryOf(db, risk, mint, asOf))?.record ?? null;
}

/** `screenRecordOf` with the record's JSON as UTF-8. */
export async function screenEntryOf(
  db: Queryable,
  risk: RiskContext,
  mint: string,
  asOf: number,
): Promise<ScreenEntry | null> {
  const day = Math.floor(asOf / DAY_MS) * DAY_MS;
  const records = risk.records;
  if (records.day !== day) {
    records.day = day;
    records.byMint.clear();
  }
  const hit = records.byMint.get(mint);
  if (hit && hit.analyzedAt <= asOf) return hit;
  const record = await screenToken(db, mint, { model: risk.model, asOf, cache: risk.cache });
  if (record === null) return null;
  const entry = {
    record,
    utf8: Buffer.from(JSON.stringify(record)),
    analyzedAt: Date.parse(record.analyzed_at),
  };
  if (records.day === day) {
    if (records.byMint.size >= risk.cache.maxTokens)
      records.byMint.delete(records.byMint.keys().next().value!);
    records.byMint.set(mint, entry);
  }
  return entry;
}
