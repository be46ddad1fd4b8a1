/** Where a batch of log lines goes: one call per batch, with the lines joined. */
export type WriteLogText = (text: string) => void;

export interface BatchLogLinesOptions {
  /** A batch is written once it holds this many characters (16 KiB by default)… */
  readonly maxChars?: number;
  /** …or this long after its first line (50 ms by default). */
  readonly maxDelayMs?: number;
}

/** A pino destination that gathers lines and writes them in batches. */
export interface LogLineBatcher {
  write(line: string): void;
  /** Writes what is gathered now (process exit calls it). */
  flushSync(): void;
  /** `flushSync`, then `done` (pino's `logger.flush(done)` calls it). */
  flush(done?: (err?: Error) => void): void;
}

/**
 * Gathers pino's lines and hands them to `writeText` in batches: a request's line is an array
 * push, not a write system call, and the batch is written by size or by delay, whichever comes
 * first. Measured on the paid screen (bench/RESULTS.md): pino's own synchronous destination
 * costs ≈ 7 µs a line against ≈ 1.6 µs to serialize it. What a `kill -9` loses is the batch not
 * yet written (≤ `maxDelayMs`), as with pino's default asynchronous destination.
 */
export function batchLogLines(writeText: WriteLogText, options: BatchLogLinesOptions = {}): LogLineBatcher {
  const maxChars = options.maxChars ?? 16_384;
  const maxDelayMs = options.maxDelayMs ?? 50;
  let lines: string[] = [];
  let chars = 0;
  let timer: NodeJS.Timeout | null = null;
  const flushSync = () => {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (lines.length === 0) return;
    const text = lines.length === 1 ? lines[0] : lines.join('');
    lines = [];
    chars = 0;
    writeText(text);
  };
  return {
    write(line) {
      lines.push(line);
      chars += line.length;
      if (chars >= maxChars) flushSync();
      else if (timer === null) timer = setTimeout(flushSync, maxDelayMs).unref();
    },
    flushSync,
    flush(done) {
      flushSync();
      done?.();
    },
  };
}
