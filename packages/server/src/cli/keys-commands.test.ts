import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openSqliteLedger } from '../ledger/sqlite-ledger.js';
import { registerKeysCommands } from './keys-commands.js';

let dir: string;
let ledger: string;
let lines: string[];

const run = async (...args: string[]) => {
  const program = new Command('launchlens').exitOverride().configureOutput({ writeErr: () => {} });
  registerKeysCommands(program, { print: (l) => lines.push(l), now: () => 1_700_000_000_000 });
  await program.parseAsync(['node', 'launchlens', ...args, '--ledger', ledger]);
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'keys-cli-'));
  ledger = join(dir, 'ledger.sqlite');
  lines = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('create prints the secret once; grant adds credits by id or secret; list never prints a secret', async () => {
  await run('keys', 'create', '--credits', '500', '--owner', 'alice');
  const secret = lines[1].split(': ')[1];
  const id = lines[0].split(' ')[1];
  expect(lines[0]).toBe(`key ${id} with 500 credits`);
  const l = openSqliteLedger(ledger);
  expect((await l.findKey(secret))?.owner).toBe('alice');
  await l.close();

  await run('keys', 'grant', id, '250');
  await run('keys', 'grant', secret, '5');
  expect(lines.slice(-2)).toEqual([`key ${id} now holds 750 credits`, `key ${id} now holds 755 credits`]);

  lines = [];
  await run('keys', 'list');
  expect(lines.join('\n')).toContain(id);
  expect(lines.join('\n')).toContain('755');
  expect(lines.join('\n')).not.toContain(secret);
  expect(lines.at(-1)).toBe('1 key');
});

test('grant refuses an unknown key and a negative amount', async () => {
  await expect(run('keys', 'grant', 'key_0000', '5')).rejects.toThrow(/no live key key_0000/);
  await expect(run('keys', 'grant', 'key_0000', '-5')).rejects.toThrow(/whole number/);
});
