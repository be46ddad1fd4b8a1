import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventLog } from '../../../src/live/event-log.js';
import { openPostgresEventLog } from '../../../src/live/postgres-event-log.js';
import { openSqliteEventLog } from '../../../src/live/sqlite-event-log.js';
import { freshPostgresSchema } from './fresh-postgres-schema.js';

/** One empty event-log store for one test: open as many logs on it as the test needs. */
export interface EventLogStore {
  open(): Promise<EventLog>;
  destroy(): Promise<void>;
}

export interface EventLogImplementation {
  readonly name: string;
  /** Whether a listener hears appends made through another open log (another replica). */
  readonly fansOutAcrossProcesses: boolean;
  create(): Promise<EventLogStore>;
}

/** The two `EventLog` implementations the parameterised suite runs against, on real stores. */
export const EVENT_LOG_IMPLEMENTATIONS: readonly EventLogImplementation[] = [
  {
    name: 'sqlite',
    fansOutAcrossProcesses: false,
    async create() {
      const dir = mkdtempSync(join(tmpdir(), 'events-'));
      return {
        open: async () => openSqliteEventLog(join(dir, 'events.sqlite')),
        async destroy() {
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'postgres',
    fansOutAcrossProcesses: true,
    async create() {
      const fresh = await freshPostgresSchema('events');
      return {
        open: () => openPostgresEventLog({ connectionString: fresh.url }),
        destroy: () => fresh.drop(),
      };
    },
  },
];
