/** The indexer's one error class: a broken invariant or unusable input, with a machine code. */
export class IndexerError extends Error {
  constructor(
    readonly code: string,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'IndexerError';
  }
}
