import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as engine from './index.js';

/** Every name `index.ts` exports, types included, read from its `export {…}` clauses. */
function exportedNames(): string[] {
  const text = readFileSync(new URL('./index.ts', import.meta.url), 'utf8');
  const names: string[] = [];
  for (const clause of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const part of clause[1].split(',')) {
      const name = part.trim().replace(/^type\s+/, '');
      if (name) names.push(name);
    }
  }
  return names;
}

describe('the engine front door', () => {
  it('exports at most 80 names, types included, each once', () => {
    const names = exportedNames();
    expect(names.length).toBeGreaterThan(40);
    expect(names.length).toBeLessThanOrEqual(80);
    expect(new Set(names).size).toBe(names.length);
  });

  it('offers every name the notebooks and examples import from it', () => {
    const root = new URL('../../../', import.meta.url);
    const sources = [
      ...readdirSync(new URL('notebooks/', root))
        .filter((f) => f.endsWith('.ipynb'))
        .map((f) => new URL(`notebooks/${f}`, root)),
      new URL('examples/backtest.ts', root),
    ].map((url) => readFileSync(url, 'utf8').replaceAll('\\n', '\n'));
    const wanted = new Set<string>();
    for (const text of sources) {
      for (const clause of text.matchAll(
        /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'@launchlens\/engine'/g,
      )) {
        for (const part of clause[1].split(',')) {
          const name = part.trim().replace(/^type\s+/, '');
          if (name) wanted.add(name);
        }
      }
    }
    expect(wanted.size).toBeGreaterThan(20);
    const listed = new Set(exportedNames());
    expect([...wanted].filter((name) => !listed.has(name))).toEqual([]);
  });

  it('has no runtime export the source does not list', () => {
    const listed = new Set(exportedNames());
    expect(Object.keys(engine).filter((key) => !listed.has(key))).toEqual([]);
  });
});
