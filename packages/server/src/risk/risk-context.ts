import { type CompiledModel, createScreenCache, type ScreenRecord } from '@launchlens/engine';
import type { Scorecard, ScreenCache } from '@launchlens/engine/internal';

export interface ScreenEntry {
  readonly record: ScreenRecord;
  /**
   * `JSON.stringify(record)` as UTF-8, kept so the hot screen route neither serializes nor encodes
   * it per call (the text has non-Latin-1 characters, so V8 holds it as two bytes a character).
   */
  readonly utf8: Buffer;
  /** `Date.parse(record.analyzed_at)`, read on every call (`as_of`, and whether the kept record applies). */
  readonly analyzedAt: number;
}

/** The scoring model in force and what the server keeps across calls for the risk routes. */
export interface RiskContext {
  readonly model: CompiledModel;
  readonly cache: ScreenCache;
  /** Scorecards per UTC day start, as promises so concurrent first calls share one computation. */
  readonly scorecards: Map<number, Promise<Scorecard>>;
  /** The kept screen records' JSON as UTF-8, by record (see `screenEntryOf`). */
  readonly encoded: WeakMap<ScreenRecord, ScreenEntry>;
}

/**
 * Tokens whose features and screen records a server keeps. A miss reads one row of the served
 * feature history (≈ 1.5 ms), so the bound trades a little latency for memory that does not grow
 * with the history.
 */
export const SCREEN_CACHE_SIZE = 10_000;

/** A risk context for a compiled model, with empty caches. */
export function createRiskContext(model: CompiledModel, maxTokens = SCREEN_CACHE_SIZE): RiskContext {
  return {
    model,
    cache: createScreenCache(maxTokens),
    scorecards: new Map(),
    encoded: new WeakMap(),
  };
}
