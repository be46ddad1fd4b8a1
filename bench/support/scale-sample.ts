/**
 * What the `scale` scenarios call, drawn from a dataset's serving store with fixed seeds so that
 * every run (and the 24k and 240k datasets alike) asks the same kind of questions.
 */
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';

/** Mints, wallets and fragments to call a dataset with. */
export interface ScaleSample {
  /** Tokens drawn evenly over the whole history, in mint order. */
  readonly mints: readonly string[];
  /** The token with the most holders. */
  readonly big: string;
  /** The newest token. */
  readonly newest: string;
  /** Three-letter symbol fragments. */
  readonly fragments: readonly string[];
  /**
   * Wallets: holders drawn over the whole history (a wallet with many launches is drawn more
   * often), then the wallets with the most launches, then tracked KOLs.
   */
  readonly wallets: readonly string[];
  /** Tracked KOLs drawn with a fixed seed. */
  readonly kols: readonly string[];
}

export interface ScaleSampleOptions {
  /** Mints (and fragments) to draw. */
  readonly calls: number;
  /** Wallets drawn from holder rows; the busiest and KOL wallets are added to them. Default 12. */
  readonly holderWallets?: number;
  /** The wallets with the most launches. Default 4. */
  readonly busiestWallets?: number;
  /** KOLs among `wallets` (the first of `kols`). Default 4. */
  readonly kolWallets?: number;
  /** KOLs to draw for `kols`. Default 20. */
  readonly kols?: number;
}

/** Draws a `ScaleSample` from the serving store of a dataset folder (attached read-only). */
export async function sampleScale(dir: string, options: ScaleSampleOptions): Promise<ScaleSample> {
  const { calls, holderWallets = 12, busiestWallets = 4, kolWallets = 4, kols: kolCount = 20 } = options;
  const instance = await DuckDBInstance.create(':memory:', { memory_limit: '1GB' });
  const c = await instance.connect();
  try {
    await c.run(`ATTACH '${join(dir, 'serving.duckdb')}' AS base (READ_ONLY)`);
    const column = (sql: string) =>
      c.runAndReadAll(sql).then((r) => r.getRows().map((row) => String(row[0])));
    const mints = await column(
      `SELECT mint FROM base.tokens USING SAMPLE reservoir(${calls} ROWS) REPEATABLE (42) ORDER BY mint`,
    );
    const [big] = await column('SELECT mint FROM base.tokens ORDER BY holders DESC, mint LIMIT 1');
    const [newest] = await column('SELECT mint FROM base.tokens ORDER BY analyzed_at DESC, mint LIMIT 1');
    const fragments = await column(
      `SELECT DISTINCT lower(left(symbol, 3)) FROM base.tokens WHERE length(symbol) >= 3 USING SAMPLE reservoir(${calls} ROWS) REPEATABLE (7)`,
    );
    const drawn = await column(
      `SELECT DISTINCT wallet FROM (SELECT wallet FROM base.holders USING SAMPLE reservoir(${holderWallets} ROWS) REPEATABLE (42)) ORDER BY wallet`,
    );
    const busiest = await column(
      `SELECT wallet FROM base.holders GROUP BY wallet ORDER BY count(*) DESC, wallet LIMIT ${busiestWallets}`,
    );
    const kols = await column(
      `SELECT wallet FROM (SELECT wallet FROM base.kols USING SAMPLE reservoir(${kolCount} ROWS) REPEATABLE (42)) ORDER BY wallet`,
    );
    const wallets = [...new Set([...drawn, ...busiest, ...kols.slice(0, kolWallets)])];
    return { mints, big, newest, fragments, wallets, kols };
  } finally {
    c.closeSync();
    instance.closeSync();
  }
}
