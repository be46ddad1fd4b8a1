import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchLogLines } from './batch-log-lines.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('batchLogLines', () => {
  it('writes nothing until the delay passes, then every line once, in order', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const batcher = batchLogLines((t) => writes.push(t), { maxDelayMs: 50 });
    batcher.write('a\n');
    batcher.write('b\n');
    vi.advanceTimersByTime(49);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(['a\nb\n']);
    batcher.write('c\n');
    vi.advanceTimersByTime(50);
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });

  it('writes a batch as soon as it reaches its size', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const batcher = batchLogLines((t) => writes.push(t), { maxChars: 6, maxDelayMs: 1000 });
    batcher.write('abc\n');
    expect(writes).toEqual([]);
    batcher.write('de\n');
    expect(writes).toEqual(['abc\nde\n']);
    vi.advanceTimersByTime(1000);
    expect(writes).toHaveLength(1);
  });

  it('flushSync writes what is gathered and nothing twice', () => {
    const writes: string[] = [];
    const batcher = batchLogLines((t) => writes.push(t));
    batcher.flushSync();
    batcher.write('x\n');
    batcher.flushSync();
    batcher.flushSync();
    expect(writes).toEqual(['x\n']);
  });

  it('takes pino lines whole and flushes with the logger', () => {
    const writes: string[] = [];
    const logger = pino(
      { level: 'info', base: null, timestamp: false },
      batchLogLines((t) => writes.push(t)),
    );
    logger.info({ route: '/v1/screen/{mint}', status: 200 }, 'request');
    logger.warn('slow');
    logger.flush();
    const lines = writes
      .join('')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      { level: 30, route: '/v1/screen/{mint}', status: 200, msg: 'request' },
      { level: 40, msg: 'slow' },
    ]);
  });
});
