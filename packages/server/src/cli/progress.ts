import { SingleBar } from 'cli-progress';

export interface Progress {
  update(done: number): void;
  stop(): void;
}

/** A progress bar on stderr; a line every 10 % when stderr is not a terminal (CI, logs). */
export function createProgress(unit: string, total: number): Progress {
  if (process.stderr.isTTY) {
    const bar = new SingleBar({
      format: `  {bar} {percentage}% | {value}/{total} ${unit} | {duration}s elapsed, eta {eta}s`,
      stream: process.stderr,
      hideCursor: true,
    });
    bar.start(total, 0);
    return { update: (done) => bar.update(Math.min(done, total)), stop: () => bar.stop() };
  }
  let lastDecile = -1;
  return {
    update(done) {
      const decile = Math.floor((10 * done) / Math.max(total, 1));
      if (decile > lastDecile) {
        lastDecile = decile;
        process.stderr.write(`  ${Math.min(decile * 10, 100)}% (${done}/${total} ${unit})\n`);
      }
    },
    stop() {},
  };
}
