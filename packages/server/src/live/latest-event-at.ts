import { type EventLog, type LogStream, type RowsStream, STREAM_NAMES } from './event-log.js';

/**
 * When the newest logged event happened (epoch ms), or null for an empty log (or one whose newest
 * event is another dataset's rows). Feeds append each batch in time order (its rows events, at the
 * batch's end, last), so the event with the largest id is the latest.
 */
export async function latestEventAt(log: EventLog, rows: RowsStream): Promise<number | null> {
  const latest = await log.latestId();
  if (latest === 0) return null;
  const streams: LogStream[] = [rows, ...STREAM_NAMES];
  for (const stream of streams) {
    const [event] = await log.readAfter(stream, latest - 1, 1);
    if (event) return event.at;
  }
  return null;
}
