import type { Covered, Queryable } from '@launchlens/engine';
import { type IdentityRecord, identifyToken } from '@launchlens/engine';
import type { IdentityIndex } from '@launchlens/engine/internal';
import { LruCache } from '@launchlens/engine/internal';

/** Identity records kept by mint (shared by identity, report and sample). */
export const IDENTITY_CACHE_SIZE = 5_000;

export type IdentityKeeper = (mint: string) => Promise<Covered<IdentityRecord>>;

/**
 * `identifyToken` with found records kept: a record reads only history before the token's
 * analysis, so it never changes. A token not held is asked again next time (it may be indexed
 * later); a failure is not kept.
 */
export function createIdentityKeeper(
  db: Queryable,
  now: () => number,
  index: () => IdentityIndex | undefined = () => undefined,
  size = IDENTITY_CACHE_SIZE,
): IdentityKeeper {
  const kept = new LruCache<string, Promise<Covered<IdentityRecord>>>(size);
  return (mint) => {
    const hit = kept.get(mint);
    if (hit) return hit;
    const pending = identifyToken(db, mint, now(), { index: index() });
    kept.set(mint, pending);
    pending.then(
      (a) => a.kind === 'none' && kept.delete(mint),
      () => kept.delete(mint),
    );
    return pending;
  };
}
