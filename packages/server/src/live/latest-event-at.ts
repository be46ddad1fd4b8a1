import { type EventLog, STREAM_NAMES } from './event-log.js';

/**
 * When the newest logged event happened (epoch ms), or null for an empty log. Feeds append each
 * batch in time order, so the event with the largest id is the latest.
 */
export async function latestEventAt(log: EventLog): Promise<number | null> {
  const latest = await log.latestId();
  if (latest === 0) return null;
  for (const stream of STREAM_NAMES) {
    const [event] = await log.readAfter(stream, latest - 1, 1);
    if (event) return event.at;
  }
  return null;
}
