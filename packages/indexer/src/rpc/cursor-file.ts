import { readFile, rename, writeFile } from 'node:fs/promises';
import { IndexerError } from '../indexer-error.js';
import { EMPTY_CURSOR, RpcCursor } from './rpc-cursor.js';

/** Reads a cursor file; a missing file is the empty cursor, an unreadable one an `IndexerError` (`cursor_invalid`). */
export async function readCursorFile(path: string): Promise<RpcCursor> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return EMPTY_CURSOR;
    throw new IndexerError('cursor_invalid', `cannot read ${path}`, e);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new IndexerError('cursor_invalid', `${path} is not JSON`, e);
  }
  const parsed = RpcCursor.safeParse(json);
  if (!parsed.success)
    throw new IndexerError('cursor_invalid', `${path} is not a cursor: ${parsed.error.message}`);
  return parsed.data;
}

/** Writes a cursor file atomically (a sibling temporary file renamed over it). */
export async function writeCursorFile(path: string, cursor: RpcCursor): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}`;
  await writeFile(tmp, `${JSON.stringify(cursor, null, 2)}\n`);
  await rename(tmp, path);
}
