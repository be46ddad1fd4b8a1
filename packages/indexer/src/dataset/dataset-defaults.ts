import { REPO_ROOT } from '../repo-paths.js';

export const DEFAULT_LAUNCHES = 24_000;
export const DEFAULT_SEED = 42;
export const DEFAULT_DATASET_DIR = `${REPO_ROOT}datasets/default`;

/** The default history ends at the start of the current UTC hour, so "recent" means recent. */
export function defaultEnd(now: number): number {
  return Math.floor(now / 3_600_000) * 3_600_000;
}
