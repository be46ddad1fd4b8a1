import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { RowsStream } from '../../src/live/event-log.js';
import type { OpenEventLogOptions } from '../../src/live/open-event-log.js';

const OPEN_EVENT_LOG = new URL('../../src/live/open-event-log.ts', import.meta.url).href;

const CHILD = `
import { openEventLog } from ${JSON.stringify(OPEN_EVENT_LOG)};
const log = await openEventLog(JSON.parse(process.env.CLAIM_LOG));
const claim = await log.claimWriter(process.env.CLAIM_STREAM);
process.stdout.write(claim.kind + '\\n');
setInterval(() => {}, 60_000);
`;

/** A writer claim held by another process, which the test kills as a crash would (SIGKILL). */
export interface ChildClaim {
  readonly pid: number;
  kill9(): Promise<void>;
}

/** Starts a process that opens the log (`openEventLog`), claims `stream`'s writer and stays; resolves once it holds the claim. */
export async function claimWriterInChild(log: OpenEventLogOptions, stream: RowsStream): Promise<ChildClaim> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
    env: {
      ...process.env,
      CLAIM_LOG: JSON.stringify({ ...log, sharedCheckpointer: true }),
      CLAIM_STREAM: stream,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const line = await new Promise<string>((resolve) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    void exited.then(() => resolve(`it exited: ${stderr.join('')}`));
  });
  if (line !== 'claimed') {
    child.kill('SIGKILL');
    throw new Error(`the child did not claim ${stream}: ${line}`);
  }
  return {
    pid: child.pid!,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
