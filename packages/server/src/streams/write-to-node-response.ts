import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { sseComment } from './sse-text.js';
import type { StreamSubscriber } from './stream-subscriber.js';

/**
 * Writes a connection straight to Node's response (`@hono/node-server`'s `outgoing`), skipping the
 * web-stream bridge: the next chunk is produced (and billed) only after the socket took the last
 * one (`write` returned true or `drain`); a closed socket cancels the subscriber.
 */
export function writeToNodeResponse(
  subscriber: StreamSubscriber,
  outgoing: ServerResponse,
  headers: OutgoingHttpHeaders,
): void {
  let closed = false;
  outgoing.once('close', () => {
    closed = true;
    subscriber.cancel();
  });
  outgoing.writeHead(200, headers);
  outgoing.write(sseComment('connected'));
  const pump = async () => {
    for (;;) {
      const chunk = await subscriber.produce();
      if (closed) return;
      if (chunk === null) {
        outgoing.end();
        return;
      }
      if (!outgoing.write(chunk)) {
        await new Promise<void>((resolve) => {
          outgoing.once('drain', resolve);
          outgoing.once('close', resolve);
        });
      }
    }
  };
  pump().catch(() => outgoing.destroy());
}
