import { type IdentityIndex, indexIsCurrent, prepareIdentityIndex, type Queryable } from '@launchlens/engine';

/** Holds the store's identity index: built in the background, rebuilt when appended launches outgrow it. */
export interface IdentityIndexKeeper {
  /** The last finished build, or undefined before the first one finishes. */
  readonly current: () => IdentityIndex | undefined;
  /** Builds the index unless a build is running or the last one is still current; resolves when done. */
  readonly refresh: () => Promise<IdentityIndex>;
}

/**
 * Routes read `current()` and pass it to the engine, which uses it only where it is exact: an
 * identity record of an indexed token (its history ends before later launches), and the
 * leaderboards while no launch was appended since the build. One build runs at a time; a
 * rebuild replaces the `ix_*` tables in place, so readers keep the old index until it is done.
 */
export function createIdentityIndexKeeper(db: Queryable): IdentityIndexKeeper {
  let built: IdentityIndex | undefined;
  let running: Promise<IdentityIndex> | null = null;
  const refresh = async (): Promise<IdentityIndex> => {
    if (running) return running;
    if (built && (await indexIsCurrent(db, built))) return built;
    running = prepareIdentityIndex(db).then(
      (index) => {
        built = index;
        running = null;
        return index;
      },
      (cause: unknown) => {
        running = null;
        throw cause;
      },
    );
    return running;
  };
  return { current: () => built, refresh };
}
