import {
  type CompiledModel,
  createScreenCache,
  describeCoverage,
  identifyToken,
  inspectToken,
  type Manifest,
  SearchRequest,
  screenToken,
  searchTokens,
} from '@launchlens/engine';
import { TABLE_NAMES } from '@launchlens/engine/internal';
import type { DatasetStore } from '@launchlens/engine/store';
import { roundNumbers } from '@launchlens/engine/testing';

/** Per public table: its row count and an order-free hash of its rows (base and delta together). */
export async function tableDigest(db: DatasetStore): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const name of TABLE_NAMES) {
    if (name === 'oracle') continue;
    out[name] = await db.all(`SELECT count(*)::BIGINT AS n, sum(hash(COLUMNS(*))) AS h FROM ${name}`);
  }
  return out;
}

/** Per delta table: its rows in append order, hashed (two stores that appended the same rows alike agree). */
export async function deltaDigest(db: DatasetStore): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const name of TABLE_NAMES) {
    if (name === 'oracle') continue;
    out[name] = await db.all(
      `SELECT count(*)::BIGINT AS n, md5(coalesce(string_agg(x::VARCHAR, chr(10) ORDER BY x.rowid), '')) AS h FROM delta.${name} x`,
    );
  }
  return out;
}

/**
 * What the routes answer from a store, for `mints` at `asOf`: screen, inspect, identity (with the
 * served identity index and without), search and coverage (against one `manifest`, so only what
 * the store holds can differ); numbers rounded (`roundNumbers`).
 */
export async function answersOf(
  db: DatasetStore,
  options: {
    readonly mints: readonly string[];
    readonly asOf: number;
    readonly model: CompiledModel;
    readonly manifest: Manifest;
  },
): Promise<unknown> {
  const { mints, asOf, model } = options;
  const none = async (tokens: readonly unknown[]) => tokens.map(() => null);
  const records: unknown[] = [];
  for (const mint of mints) {
    records.push(
      await screenToken(db, mint, { model, asOf, cache: createScreenCache() }),
      await inspectToken(db, mint, asOf),
      await identifyToken(db, mint, asOf),
      await identifyToken(db, mint, asOf, { index: db.identityIndex }),
    );
  }
  return roundNumbers({
    records,
    search: await searchTokens(db, SearchRequest.parse({ limit: 50 }), asOf, none),
    coverage: await describeCoverage(db, options.manifest, asOf),
  });
}
