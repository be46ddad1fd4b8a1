import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCursorFile, writeCursorFile } from './cursor-file.js';
import { EMPTY_CURSOR } from './rpc-cursor.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cursor-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('cursor file', () => {
  it('a missing file is the empty cursor; a written cursor reads back the same', async () => {
    const path = join(dir, 'cursor.json');
    expect(await readCursorFile(path)).toEqual(EMPTY_CURSOR);
    const cursor = {
      ...EMPTY_CURSOR,
      programs: { P: { slot: 5, signature: 's' } },
      written_mints: ['m'],
      partitions: 2,
    };
    await writeCursorFile(path, cursor);
    expect(await readCursorFile(path)).toEqual(cursor);
  });

  it('a file that is not a cursor is a cursor_invalid error naming it', async () => {
    const path = join(dir, 'cursor.json');
    await writeFile(path, '{"version": 2}');
    await expect(readCursorFile(path)).rejects.toMatchObject({ code: 'cursor_invalid' });
    await writeFile(path, 'nope');
    await expect(readCursorFile(path)).rejects.toThrow(path);
  });
});
