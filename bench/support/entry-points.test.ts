import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|ipynb)$/.test(e.name) && !e.parentPath.includes('node_modules'))
    .map((e) => join(e.parentPath, e.name));
}

describe('bench and notebooks', () => {
  it('import the packages through their entry points, never a packages/*/src or test path', () => {
    const offenders = [...filesUnder('bench'), ...filesUnder('notebooks')].filter((file) =>
      /(?:from\s+|import\(\s*)['"][./]*packages\/[a-z]+\/(?:src|test)\//.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
