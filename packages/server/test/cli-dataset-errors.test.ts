import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runLaunchlens } from './support/run-launchlens.js';

const tmp = mkdtempSync(join(tmpdir(), 'launchlens-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function report(dir: string) {
  const run = runLaunchlens(['dataset', 'report', '--dataset', dir]);
  return { status: run.status, lines: run.stderr };
}

describe('launchlens dataset report on a bad dataset', () => {
  it('a missing folder is one error line naming it', () => {
    const r = report(join(tmp, 'nowhere'));
    expect(r.status).toBe(1);
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatch(/^error: .*nowhere/);
  });

  it('a corrupt Parquet file is one error line naming the file', () => {
    const dir = join(tmp, 'corrupt');
    cpSync(join(ROOT, 'datasets/test-small'), dir, { recursive: true });
    writeFileSync(join(dir, 'holders.parquet'), 'not parquet at all');
    const r = report(dir);
    expect(r.status).toBe(1);
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatch(/^error: .*holders\.parquet/);
  });
});
