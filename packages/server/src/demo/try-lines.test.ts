import { readFileSync } from 'node:fs';
import { REPO_ROOT } from '@launchlens/indexer';
import { expect, test } from 'vitest';
import { TRY_CALLS, tryLines } from './try-lines.js';

/** The first ```sh block under "## Calling it" in the root README. */
function readmeCallingIt(): string[] {
  const readme = readFileSync(`${REPO_ROOT}README.md`, 'utf8');
  const section = readme.slice(readme.indexOf('## Calling it'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1];
  return block.trimEnd().split('\n');
}

test("the README's 'Calling it' quotes the banner's lines: the same calls, and a values line setting what they use", () => {
  const [values, ...calls] = readmeCallingIt();
  expect(calls).toEqual([...TRY_CALLS]);
  expect(values).toMatch(/^BASE=http:\/\/127\.0\.0\.1:8402 KEY=ll_live_\S+ MINT=\S+ CURVE=\S+$/);
  const printed = tryLines({ base: 'http://127.0.0.1:8402', key: 'll_live_x', mint: 'M', curveMint: 'C' });
  expect(printed.slice(1)).toEqual(calls);
  expect(printed[0]).toBe('BASE=http://127.0.0.1:8402 KEY=ll_live_x MINT=M CURVE=C');
});

test('every variable the calls use is set by the values line', () => {
  const used = new Set(
    TRY_CALLS.join(' ')
      .match(/\$[A-Z]+/g)!
      .map((v) => v.slice(1)),
  );
  const set = new Set(['BASE', 'KEY', 'MINT', 'CURVE', 'R', 'ID']);
  for (const name of used) expect(set).toContain(name);
  expect(TRY_CALLS.some((l) => l.includes('ID=$('))).toBe(true);
});

test('without a curve mint the analyze lines are left out', () => {
  const lines = tryLines({ base: 'b', key: 'k', mint: 'm', curveMint: null });
  expect(lines[0]).toBe('BASE=b KEY=k MINT=m');
  expect(lines.some((l) => l.includes('/v1/analyze/'))).toBe(false);
});
