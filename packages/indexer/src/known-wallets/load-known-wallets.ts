import { readFileSync } from 'node:fs';
import type { KnownWalletRow } from '@launchlens/engine/internal';
import { IndexerError } from '../indexer-error.js';

/** Reads a `wallet_address<TAB>name<TAB>tag` file (the known-wallets fixture format). */
export function loadKnownWallets(path: string): KnownWalletRow[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (cause) {
    throw new IndexerError('known_wallets_missing', `known-wallets file not found: ${path}`, cause);
  }
  const rows: KnownWalletRow[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (!line.trim() || (i === 0 && line.startsWith('wallet_address'))) continue;
    const [address, name, kind] = line.split('\t').map((s) => s.trim());
    if (!address || !name) {
      throw new IndexerError('known_wallets_invalid', `${path}:${i + 1}: expected address<TAB>name<TAB>tag`);
    }
    rows.push({ address, name, kind: kind === 'exchange_wallet' ? 'exchange' : (kind ?? 'unknown') });
  }
  return rows;
}
