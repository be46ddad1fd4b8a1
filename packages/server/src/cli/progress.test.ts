import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildProgress } from './progress.js';

describe('buildProgress (stderr not a terminal)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('prints the launches by tenths, then the Parquet write steps by tenths, and stops twice safely', () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk).trim());
      return true;
    });
    const progress = buildProgress(20);
    for (let done = 0; done <= 20; done += 10) progress.onProgress(done);
    for (let done = 0; done <= 2; done++) progress.onWriteProgress(done, 2);
    progress.stop();
    progress.stop();
    expect(lines).toEqual([
      '0% (0/20 launches)',
      '50% (10/20 launches)',
      '100% (20/20 launches)',
      '0% (0/2 Parquet write steps)',
      '50% (1/2 Parquet write steps)',
      '100% (2/2 Parquet write steps)',
    ]);
  });
});
