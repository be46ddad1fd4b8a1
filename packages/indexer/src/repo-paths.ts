import { fileURLToPath } from 'node:url';

/** The checkout's root folder (this file is packages/indexer/src/repo-paths.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The team's shared folder, checked out beside the repo (CI has the same layout). */
export const SHARED_DIR = fileURLToPath(new URL('../../../../shared/', import.meta.url));

/** Exchange addresses from the known-wallets fixture; `KNOWN_WALLETS_TSV` overrides. */
export function defaultKnownWalletsPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.KNOWN_WALLETS_TSV ?? `${SHARED_DIR}fixtures/known-wallets/exchanges.tsv`;
}
