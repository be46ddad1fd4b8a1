import { type Queryable, type ScreenRecord, screenToken } from '@launchlens/engine';
import type { RiskContext, ScreenEntry } from './risk-context.js';

/** `screenToken` over the server's risk context (its model and screen cache). */
export async function screenRecordOf(
  db: Queryable,
  risk: RiskContext,
  mint: string,
  asOf: number,
): Promise<ScreenRecord | null> {
  return screenToken(db, mint, { model: risk.model, asOf, cache: risk.cache });
}

/**
 * `screenRecordOf` with the record's JSON as UTF-8, encoded once per record the engine's screen
 * cache keeps (which decides when a record is still the answer) and forgotten with it.
 */
export async function screenEntryOf(
  db: Queryable,
  risk: RiskContext,
  mint: string,
  asOf: number,
): Promise<ScreenEntry | null> {
  const record = await screenToken(db, mint, { model: risk.model, asOf, cache: risk.cache });
  if (record === null) return null;
  let entry = risk.encoded.get(record);
  if (entry === undefined) {
    entry = { record, utf8: Buffer.from(JSON.stringify(record)), analyzedAt: Date.parse(record.analyzed_at) };
    risk.encoded.set(record, entry);
  }
  return entry;
}
