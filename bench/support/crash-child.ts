/**
 * The server `crash-charges.ts` kills: the test world over a SQLite ledger file, with the
 * reservation sweep `main.ts` runs at start, on a fixed port. Prints `ready` once listening.
 */
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { startServer } from '../../packages/server/src/app/start-server.js';
import { startReservationSweeper } from '../../packages/server/src/ledger/start-reservation-sweeper.js';
import { makeTestApp } from '../../packages/server/test/support/test-app.js';
import { buildTestWorld } from '../../packages/server/test/support/test-world.js';

const [ledgerPath, port] = [process.argv[2], Number(process.argv[3])];
const world = await buildTestWorld();
const t = makeTestApp(world, {
  ledgerPath,
  rateLimit: { points: 100_000_000, windowS: 60 },
  deps: () => ({ newRequestId: () => randomUUID() }),
});
await startReservationSweeper({
  ledger: t.ledger,
  logger: pino({ level: 'silent' }),
  now: Date.now,
  soleWriter: true,
});
await startServer({ fetch: t.app.fetch, port, hostname: '127.0.0.1' });
process.stdout.write(`ready ${world.mint}\n`);
