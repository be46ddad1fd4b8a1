import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsStreamOf } from '../src/live/rows-stream-of.js';
import { openSqliteEventLog } from '../src/live/sqlite-event-log.js';
import { ROOT, runLaunchlens } from './support/run-launchlens.js';

const tmp = mkdtempSync(join(tmpdir(), 'launchlens-fold-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function fold(out: string) {
  const args = [
    '--from',
    join(ROOT, 'datasets/test-small'),
    '--out',
    out,
    '--ledger',
    join(tmp, 'ledger.sqlite'),
  ];
  const run = runLaunchlens(['dataset', 'fold', ...args]);
  return { status: run.status, out: run.stdout, err: run.stderr };
}

describe('launchlens dataset fold', () => {
  it('writes the next base with its serving store; a log with no rows gives the base again', () => {
    const out = join(tmp, 'next');
    const r = fold(out);
    expect(r.status).toBe(0);
    expect(r.out[0]).toMatch(/^folded 0 rows from 0 rows events into .*next in [\d.]+ s$/);
    expect(r.out[1]).toBe('  launches 400 → 400, current_through 2026-10-01T00:00:00.000Z');
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    const base = JSON.parse(readFileSync(join(ROOT, 'datasets/test-small/manifest.json'), 'utf8'));
    expect(manifest.content_hash).toBe(base.content_hash);
    expect(manifest.sim_history).toEqual({ launches: 400, current_through: base.current_through });
    expect(existsSync(join(out, 'serving.duckdb'))).toBe(true);
  }, 60_000);

  it('refuses a folder that exists, in one error line naming it', () => {
    const r = fold(tmp);
    expect(r.status).toBe(1);
    expect(r.err).toEqual([
      expect.stringMatching(/^error: .*launchlens-fold-.* exists: a fold writes a new dataset folder$/),
    ]);
  }, 60_000);
});

describe('launchlens dataset prune-log', () => {
  it("deletes the base's rows stream through its current_through and nothing else", async () => {
    const ledger = join(tmp, 'prune.sqlite');
    const manifest = JSON.parse(readFileSync(join(ROOT, 'datasets/test-small/manifest.json'), 'utf8'));
    const rows = rowsStreamOf(manifest);
    const through = Date.parse(manifest.current_through);
    const log = openSqliteEventLog(ledger);
    const row = (key: string, at: number) => ({ stream: rows, key, at, payload: { key } });
    await log.append([row('folded', through - 1), row('last folded', through), row('after', through + 1)]);
    await log.append([{ stream: 'kols', key: 'k', at: through - 1, payload: {} }]);
    await log.close();
    const run = runLaunchlens([
      'dataset',
      'prune-log',
      '--base',
      join(ROOT, 'datasets/test-small'),
      '--ledger',
      ledger,
    ]);
    expect(run.status).toBe(0);
    expect(run.stdout).toEqual([`pruned 2 events of ${rows} through ${manifest.current_through}`]);
    const after = openSqliteEventLog(ledger);
    try {
      expect((await after.readAfter(rows, 0, 10)).map((e) => e.key)).toEqual(['after']);
      expect(await after.readAfter('kols', 0, 10)).toHaveLength(1);
    } finally {
      await after.close();
    }
  }, 60_000);
});
