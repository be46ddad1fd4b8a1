import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Ledger } from '../ledger/ledger.js';

export interface DevelopmentKeyOptions {
  readonly ledger: Ledger;
  /** The file keeping the key's secret (`var/dev-api-key`, git-ignored). */
  readonly path: string;
  /** The balance the key is topped up to at every start (`DEMO_CREDITS`). */
  readonly credits: number;
  readonly nodeEnv: 'development' | 'production' | 'test';
  readonly at: number;
}

/** The development key of `pnpm start`: its secret and its balance after the top-up. */
export interface DevelopmentKey {
  readonly secret: string;
  readonly credits: number;
  /** True when this start minted it (no key file, or the ledger no longer knows the kept key). */
  readonly minted: boolean;
}

/**
 * One development key per ledger, kept in a file and reused at every start, topped up to
 * `credits` (a grant of the difference; never taken down). Never in production: null there, and
 * no key is minted or read.
 */
export async function ensureDevelopmentKey(options: DevelopmentKeyOptions): Promise<DevelopmentKey | null> {
  const { ledger, path, credits, at } = options;
  if (options.nodeEnv === 'production') return null;
  const kept = existsSync(path) ? readFileSync(path, 'utf8').trim() : '';
  const record = kept === '' ? null : await ledger.findKey(kept);
  if (record === null) {
    const minted = await ledger.createKey({ credits, owner: 'development', at });
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${minted.secret}\n`, { mode: 0o600 });
    return { secret: minted.secret, credits: minted.record.credits, minted: true };
  }
  if (record.credits >= credits) return { secret: kept, credits: record.credits, minted: false };
  const topped = await ledger.grant(record.id, credits - record.credits, 'development top-up', at);
  return { secret: kept, credits: topped?.credits ?? record.credits, minted: false };
}
