import type { Manifest } from '@launchlens/engine';
import type { RowsStream } from './event-log.js';

/**
 * The log stream a dataset's live rows go to (`rows:` and its source, seed and history start):
 * a fold keeps it, a rebuilt dataset gets another (the default history ends at the build's hour),
 * so a log kept across a rebuild never mixes another world's rows into a store.
 */
export function rowsStreamOf(manifest: Manifest): RowsStream {
  return `rows:${manifest.source}:${manifest.seed ?? '-'}:${manifest.history_from}`;
}
