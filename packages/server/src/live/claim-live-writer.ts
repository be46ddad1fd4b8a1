import type { EventLog, RowsStream } from './event-log.js';
import type { LiveFeedConfig } from './start-live-feed.js';

/**
 * Claims the writer of `stream` for a `sim` or `rpc` feed (docs/deploy.md: exactly one writer per
 * log) and returns its release; null for `follow` and `off`, which write no rows. Another writer's
 * claim is a start-up error naming it. `onLost` hears the claim end without the release (its
 * PostgreSQL connection dropped): another writer may then claim the stream, so this one must stop.
 */
export async function claimLiveWriter(
  mode: LiveFeedConfig['LIVE_FEED'],
  log: EventLog,
  stream: RowsStream,
  onLost?: (error: Error) => void,
): Promise<(() => Promise<void>) | null> {
  if (mode !== 'sim' && mode !== 'rpc') return null;
  const claim = await log.claimWriter(stream);
  if (claim.kind === 'claimed') {
    if (onLost) void claim.lost.then(onLost);
    return claim.release;
  }
  const { holder } = claim;
  const who =
    holder === null
      ? 'another process'
      : `pid ${holder.pid} on ${holder.host}, since ${new Date(holder.since).toISOString()}`;
  throw new Error(
    `LIVE_FEED=${mode}: another writer holds ${stream} in this event log (${who}); one writer per log: stop it, or run this replica with LIVE_FEED=follow`,
  );
}
