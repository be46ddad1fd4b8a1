import { readFileSync } from 'node:fs';

/** `/work/shared/fixtures` sits beside the repository root (CI has the same layout). */
const FIXTURES = new URL('../../../../../shared/fixtures/', import.meta.url);

/** Parses a JSON fixture from `../shared/fixtures/<path>` relative to the repository root. */
export function readFixture<T = unknown>(path: string): T {
  return JSON.parse(readFileSync(new URL(path, FIXTURES), 'utf8')) as T;
}
