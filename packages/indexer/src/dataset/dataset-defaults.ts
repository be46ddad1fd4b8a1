import { REPO_ROOT } from '../repo-paths.js';

export const DEFAULT_LAUNCHES = 24_000;
export const DEFAULT_SEED = 42;
export const DEFAULT_DATASET_DIR = `${REPO_ROOT}datasets/default`;

/**
 * The default history ends an hour before the start of the current UTC hour (1–2 h before now), so
 * "recent" means recent and the live feed has at least an hour of the world to replay quickly up
 * to now on a first start: a newcomer sees migrations within a minute (DESIGN §7).
 */
export function defaultEnd(now: number): number {
  return Math.floor(now / 3_600_000) * 3_600_000 - 3_600_000;
}
