import pino, { type Logger } from 'pino';
import { batchLogLines } from './batch-log-lines.js';

/**
 * The server's logger: JSON lines to `dest` (a file descriptor or path; standard output by
 * default), gathered in batches by `batchLogLines` and written synchronously, so process exit
 * (a crash included, short of `kill -9`) writes the last batch.
 */
export function createLogger(level: string, dest: number | string = 1): Logger {
  const out = pino.destination({ dest, sync: true });
  const batcher = batchLogLines((text) => out.write(text));
  process.once('exit', () => batcher.flushSync());
  return pino({ level }, batcher);
}
