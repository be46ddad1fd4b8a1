/**
 * The server `crash-charges.ts` kills: the test world over a SQLite ledger file, with the
 * reservation sweep `main.ts` runs at start, on a fixed port. Prints `ready` once listening.
 */
import { randomUUID } from 'node:crypto';
import { startReservationSweeper, startServer } from '@launchlens/server';
import { buildTestWorld, makeTestApp } from '@launchlens/server/testing';
import pino from 'pino';

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
