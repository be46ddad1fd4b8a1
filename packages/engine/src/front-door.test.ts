import { readFileSync } from 'node:fs';
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

  it('has no runtime export the source does not list', () => {
    const listed = new Set(exportedNames());
    expect(Object.keys(engine).filter((key) => !listed.has(key))).toEqual([]);
  });
});
