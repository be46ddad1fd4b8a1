/** Who holds a rows stream's writer claim, as it recorded itself when it took the claim. */
export interface WriterHolder {
  readonly host: string;
  readonly pid: number;
  /** When it took the claim (epoch ms). */
  readonly since: number;
}

/**
 * A claim on a rows stream's writer (`EventLog.claimWriter`): taken, with the release that ends it,
 * or held by another writer (`holder` null when it has not recorded itself yet).
 */
export type WriterClaim =
  | {
      readonly kind: 'claimed';
      release(): Promise<void>;
      /**
       * Settles if the claim ends without `release`: PostgreSQL dropped it with its connection, so
       * another writer may claim the stream and this one must stop writing. Never settles for a
       * lock the process holds itself (SQLite's).
       */
      readonly lost: Promise<Error>;
    }
  | { readonly kind: 'held'; readonly holder: WriterHolder | null };
