import { createHash } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TABLE_NAMES, type TableName } from '../tables/dataset-tables.js';
import type { Manifest } from '../tables/manifest.js';
import type { TokenRow } from '../tables/token-row.js';
import { openMemoryStore } from './open-memory-store.js';
import type { TableRows } from './table-rows.js';

export type TestTables = { [N in TableName]?: TableRows[N][] };

/**
 * Test support: writes a dataset folder (one Parquet file per table, `manifest.json`) with plain
 * DuckDB `COPY`, independent of the indexer's writer (the engine cannot import it).
 */
export async function writeTestDataset(dir: string, tables: TestTables): Promise<Manifest> {
  await mkdir(dir, { recursive: true });
  const store = await openMemoryStore();
  const entries: Manifest['tables'] = {};
  try {
    for (const name of TABLE_NAMES) {
      const rows = (tables[name] ?? []) as TableRows[typeof name][];
      await store.appendRows(name, rows);
      const file = `${name}.parquet`;
      await store.all(`COPY ${name} TO '${join(dir, file)}' (FORMAT parquet, COMPRESSION zstd)`);
      const bytes = await readFile(join(dir, file));
      entries[name] = {
        file,
        rows: rows.length,
        bytes: (await stat(join(dir, file))).size,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      };
    }
  } finally {
    await store.close();
  }
  const manifest: Manifest = {
    format_version: 1,
    source: 'sim',
    generator_version: 'test',
    seed: 1,
    launches: tables.tokens?.length ?? 0,
    history_from: '2024-06-01T00:00:00.000Z',
    complete_since: '2024-06-01T00:00:00.000Z',
    current_through: '2024-07-01T00:00:00.000Z',
    ticks_retention: { full_resolution_from: '2024-06-29T00:00:00.000Z', resolution_s: 5, note: 'test' },
    tables: entries,
    content_hash: createHash('sha256')
      .update(
        Object.values(entries)
          .map((t) => t.sha256)
          .join(''),
      )
      .digest('hex'),
  };
  await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Test support: a complete `tokens` row with plausible values; `overrides` wins. */
export function tokenRow(overrides: Partial<TokenRow> & Pick<TokenRow, 'mint'>): TokenRow {
  return {
    platform: 'pumpfun',
    name: 'Test token',
    symbol: 'TEST',
    creator: 'Creator1111111111111111111111111111111111111',
    created_at: 1_717_200_000_000,
    created_slot: 270_000_000,
    analyzed_at: 1_717_200_600_000,
    analyzed_slot: 270_001_500,
    pool: null,
    mcap_at_analysis_usd: 61_000.5,
    price_at_analysis_usd: 0.000061,
    liquidity_at_analysis_usd: 18_000,
    sol_usd_at_analysis: 165.25,
    holders: 240,
    top1_pct: 3.5,
    top10_pct: 21.75,
    snipers_n: 12,
    snipers_pct: 4.5,
    block0_snipers_n: 3,
    insiders_n: 2,
    insiders_pct: 1.5,
    bundle_n: 0,
    bundled_pct: 0,
    fresh_n: 30,
    fresh_pct: 6,
    early_n: 40,
    early_pct: 12,
    groups_n: 1,
    groups_pct: 2.5,
    whales_n: 1,
    kols_n: 0,
    dev_pct: 1.25,
    dev_sold: false,
    mint_authority: 'revoked',
    freeze_authority: null,
    lp_state: 'burned',
    tx_analyzed: 1_900,
    fee_cost_sol: 0.42,
    scalp_score: 0.1,
    wash_share: 0.05,
    skipped: false,
    skip_reason: null,
    ...overrides,
  };
}
