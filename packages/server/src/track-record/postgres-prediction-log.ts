import { migratePostgres } from '../ledger/postgres-migrate.js';
import { createPostgresPool } from '../ledger/postgres-pool.js';
import { inTransaction } from '../ledger/postgres-transaction.js';
import { chainEntry } from './chain-entry.js';
import type { PredictionEntry } from './prediction-entry.js';
import type { PredictionLog } from './prediction-log.js';
import { entryOfRow, PREDICTION_COLUMNS, type PredictionRow, rowOfEntry } from './prediction-row.js';
import type { TrackRecordAnchor } from './track-record-anchor.js';

// pg_advisory_xact_lock class of appends: held from reading the head to commit, so replicas
// appending at once extend one chain, one entry after another.
const APPEND_LOCK = 0x6c6c7472;
const ANCHOR_COLUMNS = 'seq, head_hash, network, signer, signature, anchored_at, memo';
const PLACEHOLDERS = Array.from({ length: 13 }, (_, i) => `$${i + 1}`).join(', ');

export interface PostgresPredictionLogOptions {
  /** `DATABASE_URL`; a `search_path` in its `options` parameter selects the schema. */
  readonly connectionString: string;
}

/** The prediction log on PostgreSQL, one chain shared by every replica (migrations of the ledger). */
export async function openPostgresPredictionLog(
  options: PostgresPredictionLogOptions,
): Promise<PredictionLog> {
  const pool = createPostgresPool({ connectionString: options.connectionString, max: 4 });
  try {
    await migratePostgres(pool);
  } catch (e) {
    await pool.end();
    throw e;
  }
  let open = true;
  const check = () => {
    if (!open) throw new Error('the prediction log is closed');
  };
  const rows = async (sql: string, params: unknown[] = []) =>
    (await pool.query<PredictionRow>(sql, params)).rows.map(entryOfRow);

  return {
    async append(verdicts) {
      check();
      if (verdicts.length === 0) return [];
      return inTransaction(pool, async (c) => {
        await c.query('SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))', [APPEND_LOCK]);
        const out: PredictionEntry[] = [];
        let last: PredictionEntry | null = null;
        let headRead = false;
        for (const v of verdicts) {
          const had = await c.query<PredictionRow>(
            `SELECT ${PREDICTION_COLUMNS} FROM prediction_log WHERE mint = $1 AND model_version = $2`,
            [v.mint, v.model_version],
          );
          if (had.rows.length > 0) {
            out.push(entryOfRow(had.rows[0]));
            continue;
          }
          if (!headRead) {
            const h = await c.query<PredictionRow>(
              `SELECT ${PREDICTION_COLUMNS} FROM prediction_log ORDER BY seq DESC LIMIT 1`,
            );
            last = h.rows.length > 0 ? entryOfRow(h.rows[0]) : null;
            headRead = true;
          }
          const entry = chainEntry(last, v);
          await c.query(
            `INSERT INTO prediction_log (${PREDICTION_COLUMNS}) VALUES (${PLACEHOLDERS})`,
            rowOfEntry(entry),
          );
          last = entry;
          out.push(entry);
        }
        return out;
      });
    },
    async summary() {
      check();
      const { rows: r } = await pool.query<{ n: number; first_at: string | null }>(
        'SELECT count(*)::bigint AS n, (SELECT published_at FROM prediction_log ORDER BY seq LIMIT 1) AS first_at FROM prediction_log',
      );
      const [head] = await rows(`SELECT ${PREDICTION_COLUMNS} FROM prediction_log ORDER BY seq DESC LIMIT 1`);
      return {
        count: r[0].n,
        head: head ?? null,
        first_published_at: r[0].first_at,
        last_published_at: head?.published_at ?? null,
      };
    },
    async page(afterSeq, limit) {
      check();
      return rows(`SELECT ${PREDICTION_COLUMNS} FROM prediction_log WHERE seq > $1 ORDER BY seq LIMIT $2`, [
        afterSeq,
        limit,
      ]);
    },
    async ofMint(mint) {
      check();
      return rows(`SELECT ${PREDICTION_COLUMNS} FROM prediction_log WHERE mint = $1 ORDER BY seq`, [mint]);
    },
    async atSeqs(seqs) {
      check();
      return rows(
        `SELECT ${PREDICTION_COLUMNS} FROM prediction_log WHERE seq = ANY($1::bigint[]) ORDER BY seq`,
        [[...seqs]],
      );
    },
    async addAnchor(a) {
      check();
      await pool.query(
        `INSERT INTO track_record_anchors (${ANCHOR_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [a.seq, a.head_hash, a.network, a.signer, a.signature, a.anchored_at, a.memo],
      );
    },
    async anchors() {
      check();
      const { rows: r } = await pool.query<TrackRecordAnchor>(
        `SELECT ${ANCHOR_COLUMNS} FROM track_record_anchors ORDER BY id`,
      );
      return r.map((a) => ({ ...a, seq: Number(a.seq) }));
    },
    async close() {
      if (!open) return;
      open = false;
      await pool.end();
    },
  };
}
