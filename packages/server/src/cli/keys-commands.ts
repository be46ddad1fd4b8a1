import type { Command } from 'commander';
import { looksLikeApiKey } from '../ledger/api-key.js';
import type { KeyRecord, Ledger } from '../ledger/ledger.js';
import { openPostgresLedger } from '../ledger/postgres-ledger.js';
import { openSqliteLedger } from '../ledger/sqlite-ledger.js';
import { ledgerFile, wholeNumber } from './options.js';

export interface KeysCommandsOptions {
  /** Where lines go (default stdout); tests capture them. */
  readonly print?: (line: string) => void;
  readonly now?: () => number;
}

async function withLedger<T>(path: string | undefined, run: (ledger: Ledger) => Promise<T>): Promise<T> {
  // `DATABASE_URL` selects the replicas' PostgreSQL ledger, as in `main.ts`; `--ledger` still wins.
  const url = path === undefined ? process.env.DATABASE_URL : undefined;
  const ledger = url
    ? await openPostgresLedger({ connectionString: url })
    : openSqliteLedger(ledgerFile(path));
  try {
    return await run(ledger);
  } finally {
    await ledger.close();
  }
}

const iso = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());
const row = (k: KeyRecord) =>
  [
    k.id,
    String(k.credits).padStart(12),
    (k.plan ?? '-').padEnd(8),
    (k.owner ?? '-').padEnd(12),
    iso(k.created_at),
    iso(k.rotated_at),
  ].join('  ');

/**
 * `launchlens keys create [--credits N] [--owner NAME]`, `keys grant KEY N` (KEY is a key id or a
 * secret) and `keys list` (ids and balances; secrets are never stored, so never printed).
 */
export function registerKeysCommands(program: Command, options: KeysCommandsOptions = {}): void {
  const print = options.print ?? ((line: string) => console.log(line));
  const now = options.now ?? Date.now;
  const keys = program.command('keys').description('API keys and credits in the ledger');

  keys
    .command('create')
    .description('mint a key; its secret is printed once')
    .option('--credits <n>', 'credits to start with', wholeNumber('--credits'), 0)
    .option('--owner <name>', 'who the key is for')
    .option('--ledger <path>', 'ledger file (default LEDGER_PATH or var/ledger.sqlite)')
    .action(async (opts: { credits: number; owner?: string; ledger?: string }) => {
      const minted = await withLedger(opts.ledger, (l) =>
        l.createKey({ credits: opts.credits, owner: opts.owner ?? null, at: now() }),
      );
      print(`key ${minted.record.id} with ${minted.record.credits} credits`);
      print(`secret (shown once, send it as X-API-Key): ${minted.secret}`);
    });

  keys
    .command('grant')
    .description('add credits to a key')
    .argument('<key>', 'key id (key_…) or secret')
    .argument('<credits>', 'credits to add', wholeNumber('credits'))
    .option('--ledger <path>', 'ledger file (default LEDGER_PATH or var/ledger.sqlite)')
    .action(async (key: string, amount: number, opts: { ledger?: string }) => {
      const updated = await withLedger(opts.ledger, async (l) => {
        const id = looksLikeApiKey(key) ? (await l.findKey(key))?.id : key;
        return id === undefined ? null : l.grant(id, amount, 'operator grant', now());
      });
      if (updated === null) throw new Error(`no live key ${looksLikeApiKey(key) ? 'with that secret' : key}`);
      print(`key ${updated.id} now holds ${updated.credits} credits`);
    });

  keys
    .command('list')
    .description('list keys with their balances (never their secrets)')
    .option('--ledger <path>', 'ledger file (default LEDGER_PATH or var/ledger.sqlite)')
    .action(async (opts: { ledger?: string }) => {
      const all = await withLedger(opts.ledger, (l) => l.listKeys());
      print(
        [
          'id'.padEnd(20),
          'credits'.padStart(12),
          'plan'.padEnd(8),
          'owner'.padEnd(12),
          'created'.padEnd(24),
          'rotated',
        ].join('  '),
      );
      for (const k of all) print(row(k));
      print(`${all.length} key${all.length === 1 ? '' : 's'}`);
    });
}
