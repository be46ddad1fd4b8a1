import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ChainEvent } from '@launchlens/indexer';
import Database from 'better-sqlite3';
import type { LaunchAt } from './fold-launch-events.js';

/** A launch as the simulated chain reader answers for it: state, positive balances, curve events. */
export interface KeptLaunch {
  readonly launch: Omit<LaunchAt, 'balances' | 'events'>;
  readonly wallets: readonly string[];
  readonly raws: Float64Array;
  /** While on its curve: its events (analyze); else null. */
  readonly events: readonly ChainEvent[] | null;
  /** A launch of the live feed (answered at the feed's clock), not of the history. */
  readonly live: boolean;
}

/**
 * Launch states on disk (a SQLite file), so the reader's memory does not grow with the number of
 * launches: a replay writes each launch once, a call reads the one it needs. A finished file is
 * named by what determines its content (`key`) and reused by later starts without a replay.
 */
export interface LaunchStates {
  /** True when the file was complete when opened (nothing to replay). */
  readonly complete: boolean;
  put(kept: KeptLaunch): void;
  get(mint: string): KeptLaunch | undefined;
  count(): number;
  /** Commits what was put since the last commit. */
  commit(): void;
  /** Marks the replay complete: later opens with the same key reuse the file. */
  finish(): void;
}

interface Row {
  launch: string;
  wallets: string;
  raws: Buffer;
  events: string | null;
  live: number;
}

/** The cache key of a replay: everything that decides the states it writes. */
export function launchStatesKey(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 24);
}

/** Opens (or starts) the states file of `key` in `dir`. */
export function openLaunchStates(dir: string, key: string): LaunchStates {
  mkdirSync(dir, { recursive: true });
  const final = join(dir, `sim-chain-${key}.sqlite`);
  const complete = existsSync(final);
  const path = complete ? final : join(dir, `sim-chain-${key}.${process.pid}.${Date.now()}.tmp`);
  const db = new Database(path);
  // A cache: rebuilt whole when lost, so no journal (no side file beside it when it is renamed).
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -8192');
  db.exec(`CREATE TABLE IF NOT EXISTS launches (
    mint TEXT PRIMARY KEY, launch TEXT NOT NULL, wallets TEXT NOT NULL, raws BLOB NOT NULL,
    events TEXT, live INTEGER NOT NULL)`);
  const insert = db.prepare<[string, string, string, Buffer, string | null, number]>(
    'INSERT OR REPLACE INTO launches VALUES (?, ?, ?, ?, ?, ?)',
  );
  const select = db.prepare<[string], Row>(
    'SELECT launch, wallets, raws, events, live FROM launches WHERE mint = ?',
  );
  const counter = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM launches');
  let open = false;
  const begin = () => {
    if (!open) db.exec('BEGIN');
    open = true;
  };
  const commit = () => {
    if (open) db.exec('COMMIT');
    open = false;
  };
  return {
    complete,
    put(kept) {
      begin();
      insert.run(
        kept.launch.mint,
        JSON.stringify(kept.launch),
        kept.wallets.join('\n'),
        Buffer.from(kept.raws.buffer, kept.raws.byteOffset, kept.raws.byteLength),
        kept.events === null ? null : JSON.stringify(kept.events),
        kept.live ? 1 : 0,
      );
    },
    get(mint) {
      const row = select.get(mint);
      if (row === undefined) return undefined;
      const raws = new Float64Array(row.raws.byteLength / 8);
      new Uint8Array(raws.buffer).set(row.raws);
      return {
        launch: JSON.parse(row.launch),
        wallets: row.wallets === '' ? [] : row.wallets.split('\n'),
        raws,
        events: row.events === null ? null : JSON.parse(row.events),
        live: row.live === 1,
      };
    },
    count: () => counter.get()!.n,
    commit,
    finish() {
      commit();
      if (path === final) return;
      try {
        renameSync(path, final);
      } catch {
        rmSync(path, { force: true });
      }
    },
  };
}
