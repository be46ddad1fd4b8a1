/**
 * The client side of `scenarios/stream-fanout.ts`, run in its own process: opens one SSE
 * connection per key to `STREAM_URL`, prints `ready` once every connection sent its first
 * comment, then collects the delivery lag of every `migration` event (now − the event's
 * `sent_ms`, both on the epoch clock) and prints `{"lags_ms": [...], "events": n}` once each
 * connection has received `EXPECTED` events.
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

const url = new URL(process.env.STREAM_URL!);
const keys = JSON.parse(readFileSync(process.env.KEYS_FILE!, 'utf8')) as string[];
const expected = Number(process.env.EXPECTED);
const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const epochNow = () => performance.timeOrigin + performance.now();

const lags: number[] = [];
let connected = 0;
let complete = 0;
for (const key of keys) {
  let buffer = '';
  let received = 0;
  let open = false;
  const req = request(url, { agent, headers: { 'x-api-key': key, accept: 'text/event-stream' } }, (res) => {
    if (res.statusCode !== 200) {
      process.stderr.write(`stream answered ${res.statusCode}\n`);
      process.exit(1);
    }
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      const at = epochNow();
      buffer += chunk;
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        cut = buffer.indexOf('\n\n');
        if (!open) {
          open = true;
          if (++connected === keys.length) process.stdout.write('ready\n');
        }
        const data = block.indexOf('\ndata: ');
        if (data < 0 || !block.includes('event: migration')) continue;
        const sent = JSON.parse(block.slice(data + 7)).sent_ms as number;
        lags.push(at - sent);
        if (++received === expected && ++complete === keys.length) {
          process.stdout.write(`${JSON.stringify({ lags_ms: lags, events: lags.length })}\n`, () =>
            process.exit(0),
          );
        }
      }
    });
  });
  req.on('error', (e) => {
    process.stderr.write(`client error: ${e.message}\n`);
    process.exit(1);
  });
  req.end();
}
