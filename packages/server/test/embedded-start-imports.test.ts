import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
/** Clients of what an embedded start does not run: PostgreSQL, Redis and the development localnet. */
const OPTIONAL_CLIENTS = ['pg', 'ioredis', 'litesvm'];

/** Module specifiers a file imports or re-exports at load time (`import type` and `import()` are not). */
function staticImportsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const statements = /^(?:import|export)\s+(?!type\b)(?:[^;'"]*?\s+from\s+)?'([^']+)'/gm;
  return [...text.matchAll(statements)].map((m) => m[1]);
}

/** Every package the server's own modules reach from `entry` by static imports. */
function packagesReachedFrom(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of staticImportsOf(file)) {
      if (spec.startsWith('.')) {
        const target = resolve(dirname(file), spec.replace(/\.js$/, '.ts'));
        if (existsSync(target)) queue.push(target);
      } else if (!spec.startsWith('node:')) {
        packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
      }
    }
  }
  return packages;
}

// The engine and the indexer do not depend on these clients, so the server's own modules are the
// only way an embedded start could load them.
test('an embedded start loads neither the PostgreSQL, the Redis nor the localnet client: they are imported when configured', () => {
  const reached = packagesReachedFrom(MAIN);
  expect(reached.has('@launchlens/engine')).toBe(true);
  expect(reached.has('better-sqlite3') || reached.has('hono')).toBe(true);
  expect(OPTIONAL_CLIENTS.filter((name) => reached.has(name))).toEqual([]);
  // The walk follows re-exports and side-effect imports too: the clients are reachable from the
  // modules that load them when configured.
  const postgres = packagesReachedFrom(join(dirname(MAIN), 'ledger', 'postgres-ledger.ts'));
  expect(postgres.has('pg')).toBe(true);
});
